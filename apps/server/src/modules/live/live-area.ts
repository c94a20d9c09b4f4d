import type { Config } from '../../config.ts';
import type { AreaRoutes } from '../../lib/area.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { AuthService } from '../auth/auth-service.ts';
import type { DeviceStatusService } from '../device-statuses/device-status-service.ts';
import { LiveBus } from './live-bus.ts';
import { liveEventOf, plcLinkEvent } from './live-projection.ts';
import { liveRoutes } from './live-routes.ts';

/** What the live stream needs from the rest of the console. */
export interface LiveNeeds {
  config: Config;
  hub: EventHub;
  /** The lights the stream shows with each device's values. */
  deviceStatuses: Pick<DeviceStatusService, 'lightsStatus'>;
}

function build({ config, hub, deviceStatuses }: LiveNeeds) {
  const live = new LiveBus(config.live.maxStreams);
  // The browser's stream is a projection of the hub, and the only reader of its format.
  hub.subscribeAll((event) => {
    const projected = liveEventOf(event, {
      lightsStatus: (kind, id) => deviceStatuses.lightsStatus(kind, id),
    });
    if (projected) live.publish(projected);
  });
  return { live };
}

const routes: AreaRoutes<
  { live: LiveBus; auth: AuthService; runtime: Pick<PlantRuntime, 'link'> },
  { config: Pick<Config, 'live' | 'allowedOrigins'> }
> = async (api, { services, config }) => {
  await api.register(liveRoutes, {
    prefix: '/live',
    bus: services.live,
    auth: services.auth,
    limits: config.live,
    allowedOrigins: config.allowedOrigins,
    initial: () => [plcLinkEvent(services.runtime.link())],
  });
};

/** The browser's stream of plant events. */
export const liveArea = { build, routes };
