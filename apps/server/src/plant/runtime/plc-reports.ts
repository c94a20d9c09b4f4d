import type { TagRef, WriteRecord } from '@roastery/plc';
import type { NotificationService } from '../../modules/notifications/notification-service.ts';
import type { EventLogService } from '../../modules/events/event-log-service.ts';
import type { AlarmTextService } from '../../modules/alarm-texts/alarm-text-service.ts';
import {
  PLC_GATEWAY_STOPPED_SOURCE,
  PLC_LINK_SOURCE,
  deviceAlarmSource,
} from './plc-alarm-sources.ts';

/** A device as notifications and the events log name it. */
export interface DeviceRef {
  ref: number;
  name: string;
}

/** How the plant's names read as the runtime last loaded them. */
export interface PlantNames {
  /** A device by plant code. */
  device(code: string): DeviceRef | undefined;
  /** A command's label, or its kind and number when the catalog does not know it. */
  label(ref: TagRef): string;
  /** host:port of the PLC the gateway talks to. */
  endpoint(): string;
}

export interface PlcReportsDeps {
  notifications: NotificationService;
  eventLog: EventLogService;
  alarmTexts: AlarmTextService;
  confirmTimeoutMs: number;
  names: PlantNames;
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

/**
 * What the PLC link, the console's writes and the devices' alarm codes become for people:
 * alarms, warnings and events-log entries.
 */
export class PlcReports {
  readonly #d: PlcReportsDeps;
  /**
   * Each device's alarm codes, handled one after another: the next code's comparison with the
   * active one must see what the previous code raised, or a quick change would be lost.
   */
  readonly #alarmCodes = new Map<string, Promise<void>>();

  constructor(deps: PlcReportsDeps) {
    this.#d = deps;
  }

  async linkLost(error: string): Promise<void> {
    await this.#d.notifications.raise({
      type: 'alarm',
      text: `PLC connection lost (${this.#d.names.endpoint()}): ${error}. Device values are offline until it is back.`,
      by: 'console',
      source: PLC_LINK_SOURCE,
    });
    await this.#d.eventLog.record({
      kind: 'plc-link',
      description: `PLC connection lost: ${error}`,
    });
  }

  async linkRestored(downtimeMs: number): Promise<void> {
    await this.#d.notifications.clear(PLC_LINK_SOURCE);
    await this.#d.eventLog.record({
      kind: 'plc-link',
      description: `PLC connection restored after ${Math.round(downtimeMs / 1000)} s`,
    });
  }

  /** The alarm that stands while a person keeps the gateway stopped. */
  async gatewayStopped(who: string): Promise<void> {
    await this.#d.notifications.raise({
      type: 'alarm',
      text: `PLC gateway (${this.#d.names.endpoint()}) stopped by ${who} from the System Monitor. Device values are offline and no command reaches the plant until it is started again.`,
      by: 'console',
      source: PLC_GATEWAY_STOPPED_SOURCE,
    });
  }

  async gatewayStarted(): Promise<void> {
    await this.#d.notifications.clear(PLC_GATEWAY_STOPPED_SOURCE);
  }

  async written(r: WriteRecord): Promise<void> {
    const { device, label } = this.#describe(r);
    await this.#d.eventLog.record({
      kind: 'plc-write',
      deviceId: device?.ref ?? null,
      deviceName: device?.name ?? r.device_id,
      // The one entry of a write: a run's own timeline entry of it is left out of the log.
      description: `${label} set to ${r.value}: ${r.result}${r.error ? ` (${r.error})` : ''}${r.context ? ` — ${r.context}` : ''}`,
      userName: r.who,
      commandKind: r.command_kind,
      commandId: r.command_id,
      value: r.value,
      result: r.result,
      latencyMs: Math.round(r.latencyMs),
    });
  }

  async unconfirmed(r: WriteRecord): Promise<void> {
    const { device, label } = this.#describe(r);
    await this.#d.notifications.raise({
      type: 'warning',
      text: `The PLC did not confirm ${label} = ${r.value} on ${device?.name ?? r.device_id} within ${formatDuration(this.#d.confirmTimeoutMs)}.`,
      by: r.who,
      deviceRef: device?.ref ?? null,
    });
  }

  /** A device's alarm code as read, after the codes it reported before. */
  alarmCode(deviceCode: string, code: number): Promise<void> {
    const previous = this.#alarmCodes.get(deviceCode) ?? Promise.resolve();
    const next = previous.then(() => this.#onAlarmCode(deviceCode, code));
    this.#alarmCodes.set(
      deviceCode,
      next.catch(() => undefined),
    );
    return next;
  }

  #describe(ref: TagRef): { device: DeviceRef | undefined; label: string } {
    return { device: this.#d.names.device(ref.device_id), label: this.#d.names.label(ref) };
  }

  async #onAlarmCode(deviceCode: string, code: number): Promise<void> {
    const device = this.#d.names.device(deviceCode);
    const source = deviceAlarmSource(deviceCode);
    const active = await this.#d.notifications.activeCode(source);
    if (active === code) return;
    if (active !== undefined) {
      await this.#d.notifications.clear(source);
      await this.#d.eventLog.record({
        kind: 'alarm',
        deviceId: device?.ref ?? null,
        deviceName: device?.name ?? deviceCode,
        description: `Alarm ${active} cleared in the PLC`,
        value: 0,
      });
    }
    if (code <= 0) return;
    const text = device ? await this.#d.alarmTexts.textFor(device.ref, code) : undefined;
    await this.#d.notifications.raise({
      type: 'alarm',
      text: `${device?.name ?? deviceCode}: ${text ?? `Alarm code ${code}`}`,
      by: 'PLC',
      deviceRef: device?.ref ?? null,
      source,
      code,
    });
    await this.#d.eventLog.record({
      kind: 'alarm',
      deviceId: device?.ref ?? null,
      deviceName: device?.name ?? deviceCode,
      description: `Alarm ${code}: ${text ?? 'no alarm text configured'}`,
      value: code,
    });
  }
}
