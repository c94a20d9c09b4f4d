import Tag from 'antd/es/tag';
import type { QualityResult } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CellText } from '../../../components/responsive-table/cell-text.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { formatResultValue, kindLabel } from '../lib/quality-lot.ts';

/** In or out of the specification as it stood; no verdict when no bound applied. */
function verdict(result: QualityResult) {
  if (result.in_spec === null) return <Tag>No limit</Tag>;
  return result.in_spec ? <Tag color="green">In spec</Tag> : <Tag color="red">Out of spec</Tag>;
}

const columns: ResponsiveColumn<QualityResult>[] = [
  {
    key: 'kind',
    title: 'Result',
    identity: true,
    width: 130,
    render: (r) => kindLabel(r.kind),
  },
  {
    key: 'value',
    title: 'Value',
    width: 80,
    align: 'right',
    render: (r) => formatResultValue(r.kind, r.value),
  },
  { key: 'range', title: 'Range', width: 110, render: (r) => r.spec ?? '—' },
  { key: 'verdict', title: 'Verdict', width: 110, render: verdict },
  {
    key: 'source',
    title: 'Source',
    width: 110,
    render: (r) => (r.source === 'roast_record' ? 'Roast record' : 'Entered'),
  },
  { key: 'by', title: 'By', minWidth: 120, render: (r) => <CellText text={r.by} /> },
  {
    key: 'at',
    title: 'When',
    width: 160,
    render: (r) => <DateText value={r.at} style="spelledTime" />,
  },
  {
    key: 'notes',
    title: 'Notes',
    minWidth: 160,
    render: (r) => <CellText text={r.notes || '—'} />,
  },
];

/** A lot's results in the order they came in: the roast record's and those entered. */
export function QualityResultsTable({ results }: { results: QualityResult[] }) {
  return (
    <ResponsiveTable<QualityResult>
      label="Results"
      rows={results}
      rowKey={(r) => r.id}
      columns={columns}
      empty={
        <EmptyState
          title="No result yet"
          description="The roast's loss and development come in with its record; enter colour, moisture and cuppings below."
        />
      }
    />
  );
}
