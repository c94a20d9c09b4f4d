import {
  DEFAULT_ROAST_LIMITS,
  roastLimitsProblem,
  Stage,
  type RoastLimits,
  type UpdateDeviceBody,
} from '@roastery/contract';
import { unprocessable } from '../../lib/http-errors.ts';
import type { DeviceRow } from './device-repository.ts';

/** A roaster's roast alarm limits as stored: null for what was never set. */
export type StoredRoastLimits = Pick<
  DeviceRow,
  'etHighLimitF' | 'etResetF' | 'etSafeAction' | 'roastBandF' | 'roastBandS'
>;

const NO_LIMITS: StoredRoastLimits = {
  etHighLimitF: null,
  etResetF: null,
  etSafeAction: null,
  roastBandF: null,
  roastBandS: null,
};

/** A roaster's limits in force: what it stores, the console's defaults for the rest. */
export function roastLimitsOf(stored: StoredRoastLimits): RoastLimits {
  const d = DEFAULT_ROAST_LIMITS;
  return {
    et_high_limit_f: stored.etHighLimitF ?? d.et_high_limit_f,
    et_reset_f: stored.etResetF ?? d.et_reset_f,
    et_safe_action: stored.etSafeAction ?? d.et_safe_action,
    band_f: stored.roastBandF ?? d.band_f,
    band_s: stored.roastBandS ?? d.band_s,
  };
}

/** What a device shows of the limits: a Roasting-stage device's in force, else nothing. */
export function roastLimitsView(device: DeviceRow): Record<keyof RoastLimits, null> | RoastLimits {
  if (device.stage === Stage.Roasting) return roastLimitsOf(device);
  return {
    et_high_limit_f: null,
    et_reset_f: null,
    et_safe_action: null,
    band_f: null,
    band_s: null,
  };
}

/**
 * The limits a create or update body stores: a Roasting-stage device keeps every one in force
 * (what the body sets, else what it stored, else the default), so that the limit and its reset
 * are checked together; other devices keep none. A 422 for limits that make no sense together.
 */
export function roastLimitColumns(
  body: UpdateDeviceBody,
  stored: StoredRoastLimits = NO_LIMITS,
): StoredRoastLimits {
  if (body.device_stage !== Stage.Roasting) return NO_LIMITS;
  const kept = <T>(given: T | null | undefined, current: T | null) =>
    given === undefined ? current : given;
  const limits = roastLimitsOf({
    etHighLimitF: kept(body.et_high_limit_f, stored.etHighLimitF),
    etResetF: kept(body.et_reset_f, stored.etResetF),
    etSafeAction: kept(body.et_safe_action, stored.etSafeAction),
    roastBandF: kept(body.band_f, stored.roastBandF),
    roastBandS: kept(body.band_s, stored.roastBandS),
  });
  const problem = roastLimitsProblem(limits);
  if (problem) throw unprocessable(problem);
  return {
    etHighLimitF: limits.et_high_limit_f,
    etResetF: limits.et_reset_f,
    etSafeAction: limits.et_safe_action,
    roastBandF: limits.band_f,
    roastBandS: limits.band_s,
  };
}
