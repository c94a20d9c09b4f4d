import { SettingRef, temperatureUnitOf, type TemperatureUnit } from '@roastery/contract';
import { useSetting } from './get-setting.ts';

/**
 * The plant's temperature unit (settings, other family): every temperature, rate of rise and
 * band on a screen is shown in it, and typed in it. Until the setting has loaded, and where it
 * cannot be read, °F: what the API sends.
 */
export function useTemperatureUnit(): TemperatureUnit {
  return temperatureUnitOf(useSetting(SettingRef.TemperatureUnit).data?.value);
}
