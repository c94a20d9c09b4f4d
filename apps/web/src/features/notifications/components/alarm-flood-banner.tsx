import Alert from 'antd/es/alert';
import { formatNotificationTime } from '../../../lib/format-date.ts';
import { useAlarmFlood } from '../api/get-alarm-flood.ts';

/**
 * Shown on every screen while alarms flood in: during a flood single alarms are easily missed,
 * so the operator is told to work through them by priority.
 */
export function AlarmFloodBanner() {
  const flood = useAlarmFlood();
  if (!flood.data?.flooding) return null;
  const { count, windowMinutes, since } = flood.data;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={`Alarm flood: ${count} alarms in the last ${windowMinutes} minutes`}
      description={`${since ? `Since ${formatNotificationTime(since)}. ` : ''}Deal with the alarms that matter first; shelve the ones that are known and being handled.`}
    />
  );
}
