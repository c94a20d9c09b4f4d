import { describe, expect, it } from 'vitest';
import type { DeviceCommand, DeviceDetail, DeviceSummary } from '@roastery/contract';
import {
  applyEventToDetail,
  applyEventToList,
  listNeedsRefetch,
  type DeviceEvent,
} from './device-cache-patch.ts';

const command = (id: number, value: number | null): DeviceCommand => ({
  id,
  name: `Command ${id}`,
  value,
  isSame: true,
  isSpeed: false,
  unit: '',
  quality: 'good',
});

const summary = (device_id: string): DeviceSummary => ({
  d_id: 1,
  device_id,
  device_name: device_id,
  device_description: '',
  device_type: 1,
  device_type_name: 'Silo',
  device_stage: 1,
  stage_name: 'Green',
  device_unit: '',
  image: '',
  device_features: [],
  occupancy: 0,
  capacity: null,
  batch_capacity: null,
  ideal_cycle_minutes: null,
  rated_lbs_per_hour: null,
  et_high_limit_f: null,
  et_reset_f: null,
  et_safe_action: null,
  band_f: null,
  band_s: null,
  manual: false,
  isSwitched: true,
  alarm: null,
  alarmType: null,
  quality: 'good',
  not_live_since: null,
  statuses: [],
});

const detail: DeviceDetail = {
  device: summary('GS1'),
  manual: false,
  isSwitched: true,
  requestedManual: false,
  binary: [command(3, 0)],
  input: [command(20, 10)],
  plcBinary: [command(2, 0), command(4, 0)],
  plcInput: [command(21, 1500)],
  startStopButton: null,
  blocks: [],
  alarm: null,
  alarmType: null,
  graph: null,
  show: [],
  quality: 'good',
};

const event = (fields: Partial<DeviceEvent>): DeviceEvent => ({
  seq: 1,
  type: 'device',
  device_id: 'GS1',
  change: 'value',
  ...fields,
});

describe('applyEventToDetail', () => {
  it('writes the value, quality and isSame into the one command of that kind and id', () => {
    const next = applyEventToDetail(
      detail,
      event({ command_kind: 'input', command_id: 21, value: 1620, quality: 'good', isSame: true }),
    );
    expect(next.plcInput).toEqual([{ ...command(21, 1620) }]);
    expect(next.input).toEqual(detail.input);
    expect(next.plcBinary).toEqual(detail.plcBinary);
  });

  it('keeps an app command Switching until the event says its feedback matches', () => {
    const next = applyEventToDetail(
      detail,
      event({ command_kind: 'binary', command_id: 3, value: 1, quality: 'good', isSame: false }),
    );
    expect(next.binary[0]).toMatchObject({ value: 1, isSame: false });
  });

  it('takes the mode from a mode event and says whether it is the one asked for', () => {
    const next = applyEventToDetail(
      detail,
      event({ change: 'mode', command_kind: 'binary', command_id: 2, value: 1, quality: 'good' }),
    );
    expect(next).toMatchObject({ manual: true, isSwitched: false, device: { manual: true } });
  });

  it('makes every value and the mode unknown when the device goes offline', () => {
    const next = applyEventToDetail(detail, event({ change: 'quality', quality: 'offline' }));
    expect(next).toMatchObject({ quality: 'offline', manual: null, isSwitched: false });
    expect(next.device).toMatchObject({ quality: 'offline', manual: null });
    expect(
      [...next.binary, ...next.input, ...next.plcBinary, ...next.plcInput].map((c) => c.value),
    ).toEqual([null, null, null, null, null]);
  });

  it('leaves another device alone', () => {
    const other = event({ device_id: 'GS2', command_kind: 'input', command_id: 21, value: 5 });
    expect(applyEventToDetail(detail, other)).toBe(detail);
  });
});

describe('applyEventToList', () => {
  const list = [summary('GS1'), summary('GS2')];

  it('writes the mode into the device entry and leaves the others as they were', () => {
    const next = applyEventToList(
      list,
      event({ change: 'mode', command_kind: 'binary', command_id: 2, value: 1, quality: 'good' }),
    );
    expect(next[0]?.manual).toBe(true);
    expect(next[1]).toBe(list[1]);
  });

  it('returns the same list for a value the list does not show', () => {
    const value = event({ command_kind: 'input', command_id: 21, value: 9, quality: 'good' });
    expect(applyEventToList(list, value)).toBe(list);
    expect(listNeedsRefetch(list, value)).toBe(false);
  });

  it('writes a worse quality at once, asking since when it is not live, and leaves a better one to a refetch', () => {
    const stale = event({ command_kind: 'input', command_id: 21, value: 9, quality: 'stale' });
    const worse = applyEventToList(list, stale);
    expect(worse[0]?.quality).toBe('stale');
    expect(listNeedsRefetch(list, stale)).toBe(true);
    const good = event({ command_kind: 'input', command_id: 21, value: 9, quality: 'good' });
    expect(listNeedsRefetch(worse, good)).toBe(true);
  });

  it('asks the server for what it derives: lights, alarm text, the mode confirmation', () => {
    for (const change of ['status', 'alarm', 'mode'] as const) {
      expect(listNeedsRefetch(list, event({ change, command_kind: 'binary', command_id: 4 }))).toBe(
        true,
      );
    }
  });
});
