import type { AreaRoutes } from '../../lib/area.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import { simulatorRoutes } from './simulator-routes.ts';
import { SimulatorService } from './simulator-service.ts';

/** What the simulator area needs: the simulated plant is the PLC runtime's. */
export interface SimulatorNeeds {
  runtime: Pick<PlantRuntime, 'simulator' | 'catalog'>;
}

const routes: AreaRoutes<{ simulator: SimulatorService }> = async (api, { services }) => {
  await api.register(simulatorRoutes, { prefix: '/simulator', simulator: services.simulator });
};

/** The simulated plant's controls, when no PLC is configured. */
export const simulatorArea = {
  build: ({ runtime }: SimulatorNeeds) => ({
    simulator: new SimulatorService(runtime.simulator, () => runtime.catalog()),
  }),
  routes,
};
