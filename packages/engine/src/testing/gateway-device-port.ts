import type { CommandRef, PlantDefinition } from '@roastery/contract';
import { PlantCatalog } from '../plant-catalog.ts';
import type {
  CommandInfo,
  DeviceInfo,
  DeviceMode,
  DevicePort,
  DeviceReading,
  WriteOutcome,
} from '../ports.ts';

/**
 * What the adapter uses of the PLC gateway (@roastery/plc PlcGateway), described here so
 * that the engine does not depend on the PLC package: the gateway fits it as it is.
 */
export interface GatewayLike {
  write(
    request: CommandRef & { who: string; value: number; context?: string },
  ): Promise<WriteOutcome>;
  getValue(ref: CommandRef): DeviceReading | undefined;
  on(
    event: 'value',
    listener: (value: CommandRef & { value: number | null }) => unknown,
  ): () => void;
}

/**
 * A DevicePort over the PLC gateway and a plant definition. A device is in manual mode when
 * its PLC reports 'Manual Mode Active' = 1, as the device service decides it.
 */
export class GatewayDevicePort implements DevicePort {
  readonly #gateway: GatewayLike;
  readonly #catalog: PlantCatalog;

  constructor(gateway: GatewayLike, plant: PlantDefinition) {
    this.#gateway = gateway;
    this.#catalog = new PlantCatalog(plant);
  }

  write(ref: CommandRef, value: number, who: string, context?: string): Promise<WriteOutcome> {
    return this.#gateway.write({ ...ref, who, value, context });
  }

  read(ref: CommandRef): DeviceReading | undefined {
    const reading = this.#gateway.getValue(ref);
    return reading && { value: reading.value, quality: reading.quality };
  }

  feedbackOf(ref: CommandRef): CommandRef {
    return this.#catalog.feedbackOf(ref);
  }

  subscribe(listener: (ref: CommandRef, value: number | null) => void): () => void {
    return this.#gateway.on('value', (change) =>
      listener(
        {
          device_id: change.device_id,
          command_kind: change.command_kind,
          command_id: change.command_id,
        },
        change.value,
      ),
    );
  }

  mode(deviceId: string): DeviceMode {
    const ref = this.#catalog.manualModeRef(deviceId);
    if (ref === undefined) return 'auto';
    const reading = this.#gateway.getValue(ref);
    if (!reading || reading.quality === 'offline' || reading.value === null) return 'unknown';
    return reading.value === 1 ? 'manual' : 'auto';
  }

  device(deviceId: string): DeviceInfo | undefined {
    return this.#catalog.device(deviceId);
  }

  command(ref: CommandRef): CommandInfo | undefined {
    return this.#catalog.command(ref);
  }
}
