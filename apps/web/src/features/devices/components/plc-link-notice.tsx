import Alert from 'antd/es/alert';
import type { DeviceSummary } from '@roastery/contract';
import { useLiveStatus } from '../../../lib/live-status.ts';

interface PlcLinkNoticeProps {
  devices: DeviceSummary[] | undefined;
}

/**
 * Says so when the PLC link is down: either the live stream reported it, or the server marks
 * devices offline. Values on the screen are then the last ones read, never live.
 */
export function PlcLinkNotice({ devices }: PlcLinkNoticeProps) {
  const { plc, plcError } = useLiveStatus();
  const offline = devices?.filter((device) => device.quality === 'offline') ?? [];
  if (plc !== 'down' && offline.length === 0) return null;
  const scope =
    devices && offline.length > 0 && offline.length < devices.length
      ? `${offline.length} device(s) have no PLC data.`
      : 'Device values are not live until it is back.';
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title="PLC link down"
      description={plcError ? `${scope} ${plcError}` : scope}
    />
  );
}
