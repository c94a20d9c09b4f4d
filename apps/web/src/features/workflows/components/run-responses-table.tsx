import Table from 'antd/es/table';
import type { StatusRow } from '@roastery/contract';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LiveValue } from '../../../components/live-value.tsx';
import { useLiveness } from '../../../lib/use-liveness.ts';
import { commandKindLabels } from '../lib/command-options.ts';
import { useCommandLabels } from '../lib/use-command-labels.ts';

const shown = (value: number | null) => (value === null ? '—' : value);

/** What the PLC shows now: while its link is down, the last known at most, labelled so. */
function PlcResponse({ value }: { value: number | null }) {
  const live = useLiveness(undefined).live;
  return live ? shown(value) : <LiveValue compact>{value ?? undefined}</LiveValue>;
}

/** One row per step: what the console wrote and what the PLC shows. */
export function RunResponsesTable({ rows }: { rows: StatusRow[] }) {
  const commandLabel = useCommandLabels();
  return (
    <Table<StatusRow & { key: number }>
      size="middle"
      // A workflow may write the same command twice: rows are told apart by their step.
      dataSource={rows.map((row, index) => ({ ...row, key: index }))}
      pagination={false}
      columns={[
        { title: 'Device', dataIndex: 'device_name' },
        { title: 'Type', dataIndex: 'type', render: (_value, row) => commandKindLabels[row.type] },
        {
          title: 'Command',
          dataIndex: 'command_id',
          render: (_value, row) => commandLabel(row.type, row.command_id),
        },
        {
          title: 'Response from App',
          dataIndex: 'response_from_app',
          render: (_value, row) => shown(row.response_from_app),
        },
        {
          title: 'Response from PLC',
          dataIndex: 'response_from_plc',
          render: (_value, row) => <PlcResponse value={row.response_from_plc} />,
        },
      ]}
      locale={{ emptyText: <EmptyState description="No step has been written yet." /> }}
    />
  );
}
