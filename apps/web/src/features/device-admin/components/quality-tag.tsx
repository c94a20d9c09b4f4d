import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { DeviceSummary } from '@roastery/contract';
import { useLiveness } from '../../../lib/use-liveness.ts';

/** How far the device's live values can be trusted: Live, or why not, and since when on hover. */
export function QualityTag({
  device,
}: {
  device: Pick<DeviceSummary, 'quality' | 'not_live_since'>;
}) {
  const liveness = useLiveness(device);
  return (
    <Tooltip title={liveness.live ? 'The PLC answered the last scan.' : liveness.description}>
      <Tag color={liveness.live ? 'success' : 'default'} bordered={false}>
        {liveness.live ? 'Live' : liveness.label}
      </Tag>
    </Tooltip>
  );
}
