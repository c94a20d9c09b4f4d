import type { AreaRoutes } from '../../lib/area.ts';
import { roastControlRoutes } from './roast-control-routes.ts';
import { RoastControlService, type RoastControlDeps } from './roast-control-service.ts';

function build(needs: RoastControlDeps) {
  return { roastControl: new RoastControlService(needs) };
}

const routes: AreaRoutes<{ roastControl: RoastControlService }> = async (api, { services }) => {
  const { roastControl } = services;
  // Profiles are followed for as long as the app runs, whoever started the batch.
  api.addHook('onReady', () => roastControl.start());
  api.addHook('onClose', () => roastControl.stop());
  await api.register(roastControlRoutes, { prefix: '/roast-control', control: roastControl });
};

/** Each roasting batch follows its roast profile through the PLC (issue 23). */
export const roastControlArea = { build, routes };
