import type { CommandKind } from '@roastery/contract';
import type { PlantRuntime } from './plant-runtime.ts';

/**
 * A device's value by its command label ('Occupancy', 'Transfer State'), as last read from the
 * PLC; null when the plant has no such command or the PLC has not reported it while connected.
 */
export function readingByLabel(
  runtime: PlantRuntime,
  deviceCode: string,
  label: string,
  kind: CommandKind = 'input',
): number | null {
  const command = runtime.definition()?.commands.find((c) => c.kind === kind && c.label === label);
  if (!command) return null;
  const reading = runtime.value({
    device_id: deviceCode,
    command_kind: kind,
    command_id: command.id,
  });
  if (!reading || reading.quality === 'offline') return null;
  return reading.value;
}

/** The command id of a label, to recognise it in scanned changes. */
export function commandIdByLabel(
  runtime: PlantRuntime,
  label: string,
  kind: CommandKind = 'input',
): number | undefined {
  return runtime.definition()?.commands.find((c) => c.kind === kind && c.label === label)?.id;
}
