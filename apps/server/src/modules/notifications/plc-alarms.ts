import type { EventHub } from '../../plant/hub/event-hub.ts';
import type { PlantEvent, PlantEventOf } from '../../plant/hub/plant-events.ts';
import {
  PLC_GATEWAY_STOPPED_SOURCE,
  PLC_LINK_SOURCE,
  deviceAlarmSource,
} from '../../plant/runtime/plc-alarm-sources.ts';
import type { EventLogService } from '../events/event-log-service.ts';
import type { NotificationService } from './notification-service.ts';

/**
 * The alarm texts area, which names the alarm a device's code stands for. It is built on the
 * notifications, so it is named here instead of imported back.
 */
export interface AlarmTextLookup {
  textFor(deviceRef: number, code: number): Promise<string | undefined>;
}

export interface PlcAlarmsDeps {
  hub: EventHub;
  notifications: Pick<NotificationService, 'raise' | 'clear' | 'activeCode'>;
  eventLog: Pick<EventLogService, 'record'>;
  alarmTexts: AlarmTextLookup;
  onError: (err: unknown, event: PlantEvent) => void;
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

/**
 * The alarms and warnings of what the PLC runtime publishes: the link lost or back, the gateway
 * a person stopped, a write the PLC did not confirm, and each device's alarm code (raised with
 * its alarm text and recorded in the events log). Only the instance whose runtime published acts,
 * as only the leading instance drives the plant.
 */
export class PlcAlarms {
  readonly #d: PlcAlarmsDeps;
  #pending: Promise<void> = Promise.resolve();
  /**
   * Each device's alarm codes, handled one after another: the next code's comparison with the
   * active one must see what the previous code raised, or a quick change would be lost.
   */
  readonly #alarmCodes = new Map<string, Promise<void>>();

  constructor(deps: PlcAlarmsDeps) {
    this.#d = deps;
  }

  start(): void {
    const { hub } = this.#d;
    const thisInstance = { from: 'this-instance' } as const;
    hub.subscribe('plc-link', (e) => this.#queue(e, () => this.#link(e)), thisInstance);
    hub.subscribe('plc-gateway', (e) => this.#queue(e, () => this.#gateway(e)), thisInstance);
    hub.subscribe(
      'plc-unconfirmed',
      (e) => this.#queue(e, () => this.#unconfirmed(e)),
      thisInstance,
    );
    hub.subscribe('alarm-code', (e) => this.#queueAlarmCode(e), thisInstance);
  }

  /** Resolves when every event received so far has raised or cleared its alarm. */
  async settled(): Promise<void> {
    await Promise.all([this.#pending, ...this.#alarmCodes.values()]);
  }

  #queue(event: PlantEvent, act: () => Promise<void>): void {
    this.#pending = this.#pending.then(act).catch((err: unknown) => this.#d.onError(err, event));
  }

  #queueAlarmCode(e: PlantEventOf<'alarm-code'>): void {
    const previous = this.#alarmCodes.get(e.device_id) ?? Promise.resolve();
    this.#alarmCodes.set(
      e.device_id,
      previous.then(() => this.#alarmCode(e)).catch((err: unknown) => this.#d.onError(err, e)),
    );
  }

  async #link(e: PlantEventOf<'plc-link'>): Promise<void> {
    if (e.change === 'restored') {
      await this.#d.notifications.clear(PLC_LINK_SOURCE);
      return;
    }
    await this.#d.notifications.raise({
      type: 'alarm',
      text: `PLC connection lost (${e.endpoint}): ${e.error}. Device values are offline until it is back.`,
      by: 'console',
      source: PLC_LINK_SOURCE,
    });
  }

  /** The alarm stands while a person keeps the gateway stopped. */
  async #gateway(e: PlantEventOf<'plc-gateway'>): Promise<void> {
    if (e.change === 'started') {
      await this.#d.notifications.clear(PLC_GATEWAY_STOPPED_SOURCE);
      return;
    }
    await this.#d.notifications.raise({
      type: 'alarm',
      text: `PLC gateway (${e.endpoint}) stopped by ${e.by} from the System Monitor. Device values are offline and no command reaches the plant until it is started again.`,
      by: 'console',
      source: PLC_GATEWAY_STOPPED_SOURCE,
    });
  }

  async #unconfirmed(e: PlantEventOf<'plc-unconfirmed'>): Promise<void> {
    const r = e.record;
    await this.#d.notifications.raise({
      type: 'warning',
      text: `The PLC did not confirm ${e.label} = ${r.value} on ${e.device?.name ?? r.device_id} within ${formatDuration(e.confirmTimeoutMs)}.`,
      by: r.who,
      deviceRef: e.device?.ref ?? null,
    });
  }

  async #alarmCode(e: PlantEventOf<'alarm-code'>): Promise<void> {
    const { device, code } = e;
    const source = deviceAlarmSource(e.device_id);
    const active = await this.#d.notifications.activeCode(source);
    if (active === code) return;
    if (active !== undefined) {
      await this.#d.notifications.clear(source);
      await this.#d.eventLog.record({
        kind: 'alarm',
        deviceId: device?.ref ?? null,
        deviceName: device?.name ?? e.device_id,
        description: `Alarm ${active} cleared in the PLC`,
        value: 0,
      });
    }
    if (code <= 0) return;
    const text = device ? await this.#d.alarmTexts.textFor(device.ref, code) : undefined;
    await this.#d.notifications.raise({
      type: 'alarm',
      text: `${device?.name ?? e.device_id}: ${text ?? `Alarm code ${code}`}`,
      by: 'PLC',
      deviceRef: device?.ref ?? null,
      source,
      code,
    });
    await this.#d.eventLog.record({
      kind: 'alarm',
      deviceId: device?.ref ?? null,
      deviceName: device?.name ?? e.device_id,
      description: `Alarm ${code}: ${text ?? 'no alarm text configured'}`,
      value: code,
    });
  }
}
