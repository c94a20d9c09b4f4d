import {
  CAPACITY_TYPE_IDS,
  type CreateDeviceBody,
  type DeviceBlock,
  type DeviceDetail,
  type DeviceSummary,
  type DeviceTagDto,
  type DeviceTagView,
  type UpdateDeviceBody,
  type WriteReply,
} from '@roastery/contract';
import type { Principal } from '../auth/auth-service.ts';
import { setBlock } from './device-blocks.ts';
import { createDevice, deleteDevice, updateDevice } from './device-configuration.ts';
import type { DeviceServiceDeps } from './device-context.ts';
import { deviceDetail, deviceFormData, deviceSummary, listDevices } from './device-reads.ts';
import { deviceTags, saveDeviceTags } from './device-tag-map.ts';
import { toggleMode, writeCommand } from './manual-control.ts';
import { setOccupancy } from './occupancy-correction.ts';

/**
 * Devices with their live state: the rules for modes, manual commands, occupancy and blocks.
 * Each use case lives in its own module; this is the one interface the routes and other areas use.
 */
export class DeviceService {
  readonly #d: DeviceServiceDeps;

  constructor(deps: DeviceServiceDeps) {
    this.#d = deps;
  }

  /** Every real device, from the records in memory and the gateway's values: no query. */
  list(opts: { typeId?: number } = {}): Promise<DeviceSummary[]> {
    return listDevices(this.#d, opts);
  }

  /** Silos and bins: the devices that carry a capacity. */
  async bins(): Promise<DeviceSummary[]> {
    return (await this.list()).filter((d) => CAPACITY_TYPE_IDS.includes(d.device_type));
  }

  /** One device as the list shows it, without the detail's blocks and facts. */
  summary(code: string): Promise<DeviceSummary> {
    return deviceSummary(this.#d, code);
  }

  detail(code: string): Promise<DeviceDetail> {
    return deviceDetail(this.#d, code);
  }

  types() {
    return this.#d.devices.types();
  }

  formData() {
    return deviceFormData(this.#d);
  }

  create(body: CreateDeviceBody, by: string): Promise<DeviceDetail> {
    return createDevice(this.#d, body, by);
  }

  update(code: string, body: UpdateDeviceBody, by: string): Promise<DeviceDetail> {
    return updateDevice(this.#d, code, body, by);
  }

  tags(code: string): Promise<DeviceTagView[]> {
    return deviceTags(this.#d, code);
  }

  saveTags(code: string, tags: DeviceTagDto[], by: string): Promise<DeviceTagView[]> {
    return saveDeviceTags(this.#d, code, tags, by);
  }

  delete(code: string, by: string): Promise<void> {
    return deleteDevice(this.#d, code, by);
  }

  toggleMode(code: string, who: Principal): Promise<WriteReply> {
    return toggleMode(this.#d, code, who);
  }

  writeCommand(
    code: string,
    kind: 'binary' | 'input',
    commandId: number,
    value: number | undefined,
    who: Principal,
  ): Promise<WriteReply> {
    return writeCommand(this.#d, code, kind, commandId, value, who);
  }

  setOccupancy(code: string, occupancy: number, who: Principal): Promise<DeviceSummary> {
    return setOccupancy(this.#d, code, occupancy, who);
  }

  setBlock(code: string, blockId: number, value: 0 | 1, who: Principal): Promise<DeviceBlock[]> {
    return setBlock(this.#d, code, blockId, value, who);
  }
}
