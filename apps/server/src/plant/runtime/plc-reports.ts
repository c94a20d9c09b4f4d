import type { TagRef, WriteRecord } from '@roastery/plc';
import type { EventHub } from '../hub/event-hub.ts';
import type { PlantDeviceRef } from '../hub/plant-events.ts';

export type DeviceRef = PlantDeviceRef;

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
  hub: EventHub;
  confirmTimeoutMs: number;
  names: PlantNames;
}

/**
 * What the PLC link, the console's writes and the devices' alarm codes tell the rest of the
 * console, published on the hub with the names the runtime knows them by. The areas that own
 * alarms and the events log act on them; the plant layer calls none of them.
 */
export class PlcReports {
  readonly #d: PlcReportsDeps;

  constructor(deps: PlcReportsDeps) {
    this.#d = deps;
  }

  linkLost(error: string): void {
    this.#d.hub.publish({
      type: 'plc-link',
      change: 'lost',
      error,
      endpoint: this.#d.names.endpoint(),
    });
  }

  linkRestored(downtimeMs: number): void {
    this.#d.hub.publish({
      type: 'plc-link',
      change: 'restored',
      downtimeMs,
      endpoint: this.#d.names.endpoint(),
    });
  }

  gatewayStopped(by: string): void {
    this.#d.hub.publish({
      type: 'plc-gateway',
      change: 'stopped',
      by,
      endpoint: this.#d.names.endpoint(),
    });
  }

  gatewayStarted(): void {
    this.#d.hub.publish({
      type: 'plc-gateway',
      change: 'started',
      endpoint: this.#d.names.endpoint(),
    });
  }

  written(record: WriteRecord): void {
    this.#d.hub.publish({ type: 'plc-write', record, ...this.#describe(record) });
  }

  unconfirmed(record: WriteRecord): void {
    this.#d.hub.publish({
      type: 'plc-unconfirmed',
      record,
      ...this.#describe(record),
      confirmTimeoutMs: this.#d.confirmTimeoutMs,
    });
  }

  alarmCode(deviceCode: string, code: number): void {
    this.#d.hub.publish({
      type: 'alarm-code',
      device_id: deviceCode,
      device: this.#d.names.device(deviceCode) ?? null,
      code,
    });
  }

  #describe(ref: TagRef): { device: DeviceRef | null; label: string } {
    return { device: this.#d.names.device(ref.device_id) ?? null, label: this.#d.names.label(ref) };
  }
}
