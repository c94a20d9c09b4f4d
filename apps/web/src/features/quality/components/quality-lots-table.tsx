import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { QualityLot } from '@roastery/contract';
import { CellText } from '../../../components/responsive-table/cell-text.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatTraceBatch } from '../../../lib/batch-label.ts';
import { QualityStatusTag } from './quality-status-tag.tsx';

/** The batch by its order, leading to the batch's roast; a lot booked by no batch has none. */
function batchCell(lot: QualityLot): ReactNode {
  if (lot.batch_id === null) return '—';
  const text = formatTraceBatch({
    batch_id: lot.batch_id,
    order_id: lot.order_id,
    seq: lot.batch_seq,
  });
  return <Link to={paths.roastRecordOfBatch.getHref(lot.batch_id)}>{text}</Link>;
}

const columns: ResponsiveColumn<QualityLot>[] = [
  {
    key: 'lot',
    title: 'Lot',
    identity: true,
    width: 140,
    render: (lot) => <Link to={paths.qualityLot.getHref(lot.lot_id)}>{lot.lot_number}</Link>,
  },
  {
    key: 'status',
    title: 'Status',
    width: 110,
    render: (lot) => <QualityStatusTag status={lot.status} />,
  },
  {
    key: 'product',
    title: 'Product',
    minWidth: 140,
    render: (lot) => <CellText text={lot.product_name ?? '—'} />,
  },
  { key: 'batch', title: 'Batch', width: 130, render: batchCell },
  {
    key: 'reason',
    title: 'Reason',
    minWidth: 200,
    render: (lot) => <CellText text={lot.reason || '—'} />,
  },
];

interface QualityLotsTableProps {
  lots: QualityLot[];
  loading: boolean;
  empty: ReactNode;
}

/** Roasted lots newest first, each leading to its quality record; on a phone, a card each. */
export function QualityLotsTable({ lots, loading, empty }: QualityLotsTableProps) {
  return (
    <ResponsiveTable<QualityLot>
      label="Roasted lots"
      rows={lots}
      rowKey={(lot) => lot.lot_id}
      columns={columns}
      loading={loading}
      empty={empty}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
    />
  );
}
