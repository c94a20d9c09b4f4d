/**
 * What the devices area asks of the areas built on it. Alarm texts and commands find devices
 * through the devices' directory, so the devices name the little they need of those areas here
 * instead of importing them back.
 */

/** Every alarm text by device ref, then alarm code. */
export type AlarmTexts = ReadonlyMap<number, ReadonlyMap<number, string>>;

/** The alarm texts area, which names the alarm a device reports. */
export interface DeviceAlarmTexts {
  texts(): AlarmTexts | Promise<AlarmTexts>;
}

/** The commands area, which knows each device type's commands. */
export interface TypeCommands {
  idsOfType(typeId: number, kind: 'binary' | 'input'): Promise<number[]>;
}
