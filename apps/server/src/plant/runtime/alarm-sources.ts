import type { AlarmSource } from '@roastery/contract';
import { PLC_GATEWAY_STOPPED_SOURCE, PLC_LINK_SOURCE, deviceAlarmSource } from './plant-runtime.ts';

/** The alarm of an order scheduler a person stopped from the System Monitor. */
export const ORDER_SCHEDULER_STOPPED_SOURCE = 'order-scheduler-stopped';

/** The console's own lasting alarms, as a person reads them. */
const CONSOLE_SOURCES: readonly AlarmSource[] = [
  { source: PLC_LINK_SOURCE, label: 'Console: PLC connection' },
  { source: PLC_GATEWAY_STOPPED_SOURCE, label: 'Console: PLC gateway stopped' },
  { source: ORDER_SCHEDULER_STOPPED_SOURCE, label: 'Console: order scheduler stopped' },
];

/**
 * Every source that can raise a lasting alarm: each device's PLC alarm codes, then the
 * console's own. A source is named the way the alarms it raises name it.
 */
export function plantAlarmSources(
  devices: readonly { deviceId: string; name: string }[],
): AlarmSource[] {
  return [
    ...devices.map((d) => ({
      source: deviceAlarmSource(d.deviceId),
      label: `${d.name} (${d.deviceId})`,
    })),
    ...CONSOLE_SOURCES,
  ];
}
