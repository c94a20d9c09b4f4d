import { alarmTexts, type Executor } from '@roastery/db';

/** Writes alarm texts into an empty database: each device's numbered PLC alarm messages. */
export async function seedAlarmTexts(
  tx: Executor,
  texts: { deviceId: number; index: number; message: string }[],
): Promise<void> {
  if (texts.length) await tx.insert(alarmTexts).values(texts);
}
