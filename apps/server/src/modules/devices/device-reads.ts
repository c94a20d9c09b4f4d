import {
  CAPACITY_TYPE_IDS,
  stageNames,
  type DeviceDetail,
  type DeviceSummary,
} from '@roastery/contract';
import type { DeviceServiceDeps } from './device-context.ts';
import { alarmOf, presentDetail, presentSummary } from './device-presentation.ts';
import { deviceState, liveDevice } from './device-state.ts';

/** Every real device, from the records in memory and the gateway's values: no query. */
export async function listDevices(
  d: DeviceServiceDeps,
  opts: { typeId?: number },
): Promise<DeviceSummary[]> {
  const records = await d.records.get();
  const statuses = await d.statuses.lights();
  const texts = await d.alarmTexts.texts();
  const summaries: DeviceSummary[] = [];
  for (const device of records.devices) {
    if (device.virtual || (opts.typeId !== undefined && device.typeId !== opts.typeId)) continue;
    const tags = records.tags.get(device.id) ?? [];
    const state = deviceState(d.runtime, device, tags, records.requestedModes.get(device.id));
    summaries.push(presentSummary(device, state, alarmOf(device, state, texts), statuses));
  }
  return summaries;
}

/** One device as the list shows it, without the detail's blocks and facts. */
export async function deviceSummary(d: DeviceServiceDeps, code: string): Promise<DeviceSummary> {
  const { device, state } = await liveDevice(d, code);
  const alarm = alarmOf(device, state, await d.alarmTexts.texts());
  return presentSummary(device, state, alarm, await d.statuses.lights());
}

export async function deviceDetail(d: DeviceServiceDeps, code: string): Promise<DeviceDetail> {
  const live = await liveDevice(d, code);
  const { device, state } = live;
  const alarm = alarmOf(device, state, await d.alarmTexts.texts());
  const summary = presentSummary(device, state, alarm, await d.statuses.lights());
  return presentDetail(d.runtime, live, summary, alarm);
}

/** What the device form offers: the types, the stages and which types keep a capacity. */
export async function deviceFormData(d: DeviceServiceDeps) {
  return {
    types: await d.devices.types(),
    stages: Object.entries(stageNames).map(([id, name]) => ({
      stage_id: Number(id),
      stage_name: name,
    })),
    capacityTypeIds: [...CAPACITY_TYPE_IDS],
  };
}
