import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { LoadingOutlined, WarningOutlined } from '@ant-design/icons';
import type { DeviceSummary } from '@roastery/contract';
import { useLiveness } from '../../../lib/use-liveness.ts';
import { isModeSwitching, modeLabel, UNKNOWN_MODE_HINT } from '../lib/device-mode.ts';

interface DeviceBadgesProps {
  device: DeviceSummary;
}

/** Mode, activity, alarm and PLC data quality of a device, as short coloured tags. */
export function DeviceBadges({ device }: DeviceBadgesProps) {
  const switching = isModeSwitching(device);
  const liveness = useLiveness(device);
  return (
    <>
      {liveness.live ? null : (
        <Tooltip title={liveness.description}>
          <Tag color="default">{liveness.label}</Tag>
        </Tooltip>
      )}
      {switching ? (
        <Tag color="processing" icon={<LoadingOutlined />}>
          Switching
        </Tag>
      ) : device.manual === null ? (
        <Tooltip title={UNKNOWN_MODE_HINT}>
          <Tag color="default">{modeLabel(device.manual)}</Tag>
        </Tooltip>
      ) : (
        <Tag color={device.manual ? 'orange' : 'blue'}>{modeLabel(device.manual)}</Tag>
      )}
      {/* Whether it runs is the PLC's to say: not claimed from values that are not live. */}
      {liveness.live && device.statuses.length > 0 ? <Tag color="green">Active</Tag> : null}
      {device.alarm ? (
        <Tooltip title={device.alarm}>
          <Tag
            color={device.alarmType === 'warning' ? 'warning' : 'error'}
            icon={<WarningOutlined />}
          >
            {device.alarmType === 'warning' ? 'Warning' : 'Alarm'}
          </Tag>
        </Tooltip>
      ) : null}
    </>
  );
}
