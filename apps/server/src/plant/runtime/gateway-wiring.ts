import type { PlcGateway, StateTransition, TagRef } from '@roastery/plc';
import type { PlantCatalog } from '../catalog/plant-catalog.ts';
import type { EventHub } from '../hub/event-hub.ts';
import type { PlcReports } from './plc-reports.ts';

/** What the runtime lends the listeners of one gateway. */
export interface GatewayWiring {
  hub: EventHub;
  reports: PlcReports;
  /** Whether the gateway is still the runtime's: a stopped or replaced one's late events drop. */
  isCurrent(): boolean;
  catalog(): PlantCatalog | undefined;
  isSame(ref: TagRef): boolean;
  /** Takes in a change of the link's state; answers since when device values are not live. */
  linkMoved(t: StateTransition): number | null;
}

/**
 * Forwards a gateway's events to the hub: values, device qualities and the link's state, and
 * through the reports what people must hear of (the link lost or back, a write, an unconfirmed
 * write, a device's alarm code).
 */
export function wireGateway(gateway: PlcGateway, w: GatewayWiring): void {
  const { hub, reports } = w;
  gateway.on('value', (v) => {
    if (!w.isCurrent()) return;
    const role = w.catalog()?.roleOf(v.command_kind, v.command_id) ?? null;
    hub.publish({
      type: 'value',
      device_id: v.device_id,
      command_kind: v.command_kind,
      command_id: v.command_id,
      role,
      value: v.value,
      quality: v.quality,
      isSame: w.isSame(v),
    });
    if (role === 'alarm-code') reports.alarmCode(v.device_id, v.value ?? 0);
  });
  gateway.on('quality', (q) => {
    if (!w.isCurrent()) return;
    hub.publish({ type: 'device-quality', device_id: q.device_id, quality: q.quality });
  });
  gateway.on('state', (t) => {
    if (!w.isCurrent()) return;
    hub.publish({
      type: 'connection',
      state: t.to,
      error: t.error ?? null,
      since: w.linkMoved(t),
    });
  });
  gateway.on('connection', (e) => {
    if (!w.isCurrent()) return;
    if (e.type === 'connection-lost') reports.linkLost(e.error);
    else reports.linkRestored(e.downtimeMs);
  });
  gateway.on('write', (r) => reports.written(r));
  gateway.on('unconfirmed', (r) => reports.unconfirmed(r));
}
