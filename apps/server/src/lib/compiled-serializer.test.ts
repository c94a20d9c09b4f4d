import { deviceSummary, type DeviceSummary } from '@roastery/contract';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { compiledSerializer } from './compiled-serializer.ts';

const summary: DeviceSummary = {
  d_id: 3,
  device_id: 'GS1',
  device_name: 'Green Silo 1 "north" – café',
  device_description: 'Green bean silo 1, 20,000 lbs',
  device_type: 13,
  device_type_name: 'Silo Bin',
  device_stage: 1,
  stage_name: 'Green',
  device_unit: 'lbs',
  image: '',
  device_features: [],
  occupancy: 1234.56,
  capacity: null,
  batch_capacity: null,
  ideal_cycle_minutes: null,
  rated_lbs_per_hour: null,
  et_high_limit_f: null,
  et_reset_f: null,
  et_safe_action: null,
  band_f: null,
  band_s: null,
  manual: null,
  isSwitched: false,
  alarm: 'Motor overload',
  alarmType: 'alarm',
  quality: 'offline',
  not_live_since: '2026-03-02T09:14:05.000Z',
  statuses: [{ name: 'Running', color: '#00aa00' }],
};

const zodReply = serializerCompiler({
  schema: deviceSummary,
  method: 'GET',
  url: '/device/info/:id',
  httpStatus: '200',
}) as (data: unknown) => string;

describe('compiledSerializer', () => {
  it('writes the same reply as the zod serializer, nulls and text escapes included', () => {
    const write = compiledSerializer({ schema: deviceSummary });
    expect(write(summary)).toBe(zodReply(summary));
    expect(JSON.parse(write(summary))).toEqual(summary);
  });

  it('keeps only the declared fields', () => {
    const write = compiledSerializer({ schema: deviceSummary });
    const reply = JSON.parse(write({ ...summary, passwordHash: 'secret' })) as object;
    expect(reply).not.toHaveProperty('passwordHash');
  });

  it('refuses a schema that is not zod', () => {
    expect(() => compiledSerializer({ schema: { type: 'object' } })).toThrow(/zod schema/);
  });
});
