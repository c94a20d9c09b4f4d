import type { ReactNode } from 'react';
import type { PackingCheck } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { CellText } from '../../../components/responsive-table/cell-text.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { formatLbs } from '../../../lib/format-lbs.ts';
import Tag from 'antd/es/tag';
import type { PassFail } from '@roastery/contract';

const result = (r: PassFail) =>
  r === 'pass' ? <Tag color="success">Pass</Tag> : <Tag color="error">Fail</Tag>;

const columns: ResponsiveColumn<PackingCheck>[] = [
  {
    key: 'order',
    title: 'Packing order',
    identity: true,
    width: 130,
    render: (p) => p.order_number,
  },
  { key: 'at', title: 'Time', width: 170, render: (p) => <DateText value={p.at} style="list" /> },
  { key: 'fe', title: 'Fe', width: 90, render: (p) => result(p.metal_fe) },
  { key: 'nonfe', title: 'Non-Fe', width: 90, render: (p) => result(p.metal_non_fe) },
  { key: 'ss', title: 'Stainless', width: 100, render: (p) => result(p.metal_stainless) },
  {
    key: 'weigher',
    title: 'Check-weigher',
    width: 170,
    render: (p) => (
      <span>
        {formatLbs(p.check_weigher_lbs)} {result(p.check_weigher)}
      </span>
    ),
  },
  { key: 'by', title: 'By', width: 140, render: (p) => <CellText text={p.by} /> },
  {
    key: 'notes',
    title: 'Notes',
    minWidth: 160,
    render: (p) => (
      <CellText
        text={
          p.corrects === null
            ? p.notes || '—'
            : `Corrects check ${p.corrects}: ${p.correction_reason ?? ''}${p.notes ? `. ${p.notes}` : ''}`
        }
      />
    ),
  },
];

/** The checks at packing of the day, with the person who made each. */
export function PackingChecksTable({
  checks,
  loading,
  empty,
}: {
  checks: PackingCheck[];
  loading: boolean;
  empty: ReactNode;
}) {
  return (
    <ResponsiveTable<PackingCheck>
      label="Packing checks"
      rows={checks}
      rowKey={(p) => p.id}
      columns={columns}
      loading={loading}
      empty={empty}
    />
  );
}
