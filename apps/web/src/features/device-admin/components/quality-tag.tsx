import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import type { Quality } from '@roastery/contract';

const qualityView: Record<Quality, { color: string; label: string; hint: string }> = {
  good: { color: 'success', label: 'Live', hint: 'The PLC answered the last scan.' },
  stale: { color: 'warning', label: 'Stale', hint: 'The last good reading is getting old.' },
  offline: { color: 'default', label: 'Offline', hint: 'The PLC link is down.' },
};

/** How far the device's live values can be trusted. */
export function QualityTag({ quality }: { quality: Quality }) {
  const view = qualityView[quality];
  return (
    <Tooltip title={view.hint}>
      <Tag color={view.color} bordered={false}>
        {view.label}
      </Tag>
    </Tooltip>
  );
}
