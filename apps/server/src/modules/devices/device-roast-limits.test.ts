import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_ROAST_LIMITS,
  Role,
  type DeviceDetail,
  type DeviceSummary,
} from '@roastery/contract';
import { devices } from '@roastery/db';
import { buildTestApp, type ApiCaller, type TestApp } from '../../../test/helper.ts';
import { roastLimitsOf } from './roast-limits.ts';

let t: TestApp;
let admin: ApiCaller;

beforeAll(async () => {
  t = await buildTestApp({}, { plant: true });
  admin = t.as(Role.Administrator);
});
afterAll(() => t.close());

const info = async (code: string) =>
  (await admin<DeviceSummary>('GET', `/api/device/info/${code}`)).body;
const limitsOf = (d: DeviceSummary) => ({
  et_high_limit_f: d.et_high_limit_f,
  et_reset_f: d.et_reset_f,
  et_safe_action: d.et_safe_action,
  band_f: d.band_f,
  band_s: d.band_s,
});
/** What the device row holds, as the profile controller reads it at a charge. */
const stored = async (code: string) => {
  const [row] = await t.database.db.select().from(devices).where(eq(devices.deviceId, code));
  return roastLimitsOf(row!);
};

describe("a roaster's roast alarm limits, as its device settings", () => {
  let fields: Record<string, unknown>;
  const put = (body: object) =>
    admin<DeviceDetail & { message?: string }>('PUT', '/api/device/R2', { ...fields, ...body });

  it('are the console’s defaults until set, and only a roaster has them', async () => {
    const r2 = await info('R2');
    fields = {
      device_name: r2.device_name,
      device_type: r2.device_type,
      device_description: r2.device_description,
      device_stage: r2.device_stage,
      device_unit: r2.device_unit,
    };
    expect(limitsOf(r2)).toEqual(DEFAULT_ROAST_LIMITS);
    expect(DEFAULT_ROAST_LIMITS).toEqual({
      et_high_limit_f: 550,
      et_reset_f: 530,
      et_safe_action: 'burner-off',
      band_f: 5,
      band_s: 30,
    });
    expect(limitsOf(await info('GS1'))).toEqual({
      et_high_limit_f: null,
      et_reset_f: null,
      et_safe_action: null,
      band_f: null,
      band_s: null,
    });
  });

  it("are saved with the roaster's settings, kept when an update leaves them out, and reset by null", async () => {
    const set = {
      et_high_limit_f: 520,
      et_reset_f: 495,
      et_safe_action: 'drop',
      band_f: 6.5,
      band_s: 45,
    } as const;
    const saved = await put(set);
    expect(saved.status).toBe(200);
    expect(limitsOf(saved.body.device)).toEqual(set);
    expect(await stored('R2')).toEqual(set);
    // The spec's update body, without the limits, keeps them.
    expect(limitsOf((await put({})).body.device)).toEqual(set);
    const reset = await put({ et_safe_action: null, band_s: null });
    expect(limitsOf(reset.body.device)).toEqual({
      ...set,
      et_safe_action: 'burner-off',
      band_s: 30,
    });
    // Who may change a device may change its limits; an operator may not.
    const operator = await t.as(Role.Operator)('PUT', '/api/device/R2', { ...fields, band_f: 9 });
    expect(operator.status).toBe(403);
  });

  it('are refused with a 422 when the reset is not below the limit, and nothing changes', async () => {
    const before = await stored('R2');
    const above = await put({ et_high_limit_f: 520, et_reset_f: 560 });
    expect(above.status).toBe(422);
    expect(above.body).toMatchObject({
      message: 'ET Reset (560 °F) must be below the ET High Limit (520 °F).',
    });
    // Taken with what is stored: a reset of 525 is above the stored limit of 520.
    const alone = await put({ et_reset_f: 525 });
    expect(alone.status).toBe(422);
    expect(alone.body.message).toBe('ET Reset (525 °F) must be below the ET High Limit (520 °F).');
    // A limit left at its default, a reset over it.
    const equal = await put({ et_high_limit_f: null, et_reset_f: 550 });
    expect(equal.status).toBe(422);
    expect(await stored('R2')).toEqual(before);
  });

  it('are refused with a 400 when a figure is out of range or the action unknown', async () => {
    const hot = await put({ et_high_limit_f: 2000 });
    expect(hot.status).toBe(400);
    expect(hot.body.message).toContain('ET High Limit must be at most 900 °F');
    const action = await put({ et_safe_action: 'explode' });
    expect(action.status).toBe(400);
    const band = await put({ band_s: 2.5 });
    expect(band.status).toBe(400);
    expect(band.body.message).toContain('Band Time must be whole seconds');
  });

  it('are given to a new roaster, and to no other device', async () => {
    const r2 = await info('R2');
    const roaster = await admin<DeviceDetail>('POST', '/api/device/create', {
      device_id: 'R9',
      device_name: 'Roaster 9',
      device_type: r2.device_type,
      device_description: 'Sample roaster',
      device_stage: r2.device_stage,
      device_unit: 'lbs',
      et_safe_action: 'quench',
    });
    expect(roaster.status).toBe(201);
    expect(limitsOf(roaster.body.device)).toEqual({
      ...DEFAULT_ROAST_LIMITS,
      et_safe_action: 'quench',
    });
    const gs1 = await info('GS1');
    const silo = await admin<DeviceDetail>('PUT', '/api/device/GS1', {
      device_name: gs1.device_name,
      device_type: gs1.device_type,
      device_description: gs1.device_description,
      device_stage: gs1.device_stage,
      device_unit: gs1.device_unit,
      capacity: gs1.capacity,
      et_high_limit_f: 500,
    });
    expect(silo.status).toBe(200);
    expect(silo.body.device.et_high_limit_f).toBeNull();
    expect((await admin('DELETE', '/api/device/R9')).status).toBe(200);
  });
});
