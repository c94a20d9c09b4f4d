import {
  stageNames,
  type DeviceBlock,
  type DeviceCommand,
  type DeviceDetail,
  type DeviceSummary,
  type StageId,
} from '@roastery/contract';
import type { StatusLight } from '../device-statuses/device-status-service.ts';
import type { PlantRuntime } from '../../plant/runtime/plant-runtime.ts';
import type { AlarmTexts } from './device-ports.ts';
import type { DeviceBlockRow, DeviceRow, DeviceTagRow } from './device-repository.ts';
import { standardCommandId, type DeviceState, type LiveCommand } from './device-state.ts';
import { formatLbs } from './format-lbs.ts';
import { roastLimitsView } from './roast-limits.ts';

const PRIORITY = { high: 0, Normal: 1, low: 2 } as const;

/** The text of the alarm a device reports, null for none. */
export function alarmOf(device: DeviceRow, state: DeviceState, texts: AlarmTexts): string | null {
  const code = state.alarmCode;
  if (code <= 0) return null;
  return texts.get(device.id)?.get(code) ?? `Alarm code ${code}`;
}

export function presentSummary(
  device: DeviceRow,
  state: DeviceState,
  alarm: string | null,
  statuses: readonly StatusLight[],
): DeviceSummary {
  const lights = statuses
    .filter((s) =>
      state.commands.some(
        (c) => c.kind === s.kind && c.id === s.commandId && c.value === s.commandValue,
      ),
    )
    .sort((a, b) => PRIORITY[a.priority] - PRIORITY[b.priority])
    .map((s) => ({ name: s.name, color: s.color }));
  return {
    d_id: device.id,
    device_id: device.deviceId,
    device_name: device.name,
    device_description: device.description,
    device_type: device.typeId,
    device_type_name: device.typeName,
    device_stage: device.stage,
    stage_name: stageNames[device.stage as StageId] ?? '',
    device_unit: device.unit,
    image: device.image,
    device_features: device.features,
    occupancy: device.occupancy,
    capacity: device.capacity,
    batch_capacity: device.batchCapacity,
    ideal_cycle_minutes: device.idealCycleMinutes,
    rated_lbs_per_hour: device.ratedLbsPerHour,
    ...roastLimitsView(device),
    manual: state.manual,
    isSwitched: state.isSwitched,
    alarm,
    alarmType: alarm ? 'alarm' : null,
    quality: state.quality,
    not_live_since: state.notLiveSince,
    statuses: lights,
  };
}

/** A device's page: its summary, commands by owner, blocks, fill graph and facts. */
export function presentDetail(
  runtime: PlantRuntime,
  live: {
    device: DeviceRow;
    tags: readonly DeviceTagRow[];
    state: DeviceState;
    blocks: readonly DeviceBlockRow[];
  },
  summary: DeviceSummary,
  alarm: string | null,
): DeviceDetail {
  const { device, tags, state, blocks } = live;
  const modeCommandId = standardCommandId(runtime, 'manual-mode', tags);
  const strip = ({ kind: _k, owner: _o, ...c }: LiveCommand): DeviceCommand => c;
  const pick = (kind: 'binary' | 'input', owner: 'app' | 'plc') =>
    state.commands
      .filter(
        (c) =>
          c.kind === kind && c.owner === owner && !(kind === 'binary' && c.id === modeCommandId),
      )
      .map(strip);
  const binary = pick('binary', 'app');
  const capacity = device.capacity;
  return {
    device: summary,
    manual: state.manual,
    isSwitched: state.isSwitched,
    requestedManual: state.requestedManual,
    binary,
    input: pick('input', 'app'),
    plcBinary: pick('binary', 'plc'),
    plcInput: pick('input', 'plc'),
    startStopButton: binary.find((c) => c.name === 'Start') ?? null,
    blocks: blocks.map((b): DeviceBlock => ({ id: b.id, label: b.label, value: b.value })),
    alarm,
    alarmType: alarm ? 'alarm' : null,
    graph: capacity
      ? {
          capacity,
          occupied: device.occupancy,
          percentage: Math.round((device.occupancy / capacity) * 1000) / 10,
        }
      : null,
    show: [
      { label: 'Device Id', value: device.deviceId },
      { label: 'Type', value: device.typeName },
      { label: 'Stage', value: summary.stage_name },
      ...(device.unit ? [{ label: 'Unit', value: device.unit }] : []),
      ...(capacity ? [{ label: 'Capacity', value: formatLbs(capacity) }] : []),
      ...(capacity ? [{ label: 'Occupancy', value: formatLbs(device.occupancy) }] : []),
      {
        label: 'Mode',
        value: state.manual === null ? 'Unknown' : state.manual ? 'Manual' : 'Auto',
      },
      {
        label: 'PLC data',
        value: {
          good: 'Live',
          stale: 'Stale: not read recently',
          offline: 'Offline: no PLC connection',
        }[state.quality],
      },
    ],
    quality: state.quality,
  };
}
