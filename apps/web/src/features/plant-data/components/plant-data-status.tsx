import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import type { PlantDataLinkState, PlantDataStatus } from '@roastery/contract';

const looks: Record<PlantDataLinkState, { color: string; label: string }> = {
  off: { color: 'default', label: 'Off' },
  connecting: { color: 'processing', label: 'Connecting' },
  connected: { color: 'success', label: 'Connected' },
  disconnected: { color: 'error', label: 'Broker away' },
};

/** How publishing goes: the link, what waits in the outbox and what it had to drop. */
export function PlantDataStatusPanel({ status }: { status: PlantDataStatus }) {
  const look = looks[status.state];
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={[
        { key: 'state', label: 'Broker', children: <Tag color={look.color}>{look.label}</Tag> },
        { key: 'queued', label: 'Waiting in the outbox', children: status.queued },
        {
          key: 'dropped',
          label: 'Dropped (outbox full)',
          children: status.dropped > 0 ? <Tag color="warning">{status.dropped}</Tag> : 0,
        },
        { key: 'published', label: 'Published', children: status.published },
        { key: 'bd-seq', label: 'Sparkplug bdSeq', children: status.bd_seq ?? '—' },
        { key: 'written', label: 'Device commands written', children: status.written_commands },
        { key: 'refused', label: 'Device commands refused', children: status.refused_commands },
        ...(status.error ? [{ key: 'error', label: 'Last error', children: status.error }] : []),
      ]}
    />
  );
}
