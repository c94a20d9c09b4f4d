import Alert from 'antd/es/alert';
import Typography from 'antd/es/typography';
import type { HeldLot, LeftThePlant, LotHoldResult } from '@roastery/contract';
import { DateText } from '../../../components/date-text.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CellText } from '../../../components/responsive-table/cell-text.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { formatLbs } from '../../../lib/format-lbs.ts';
import { formatOrderNumber } from '../../../lib/order-number.ts';
import { QualityStatusTag } from './quality-status-tag.tsx';
import styles from './hold-forward.module.css';

const heldColumns: ResponsiveColumn<HeldLot>[] = [
  { key: 'lot', title: 'Lot', identity: true, width: 170, render: (l) => l.lot_number },
  {
    key: 'kind',
    title: 'Kind',
    width: 90,
    render: (l) => (l.kind === 'green' ? 'Green' : 'Roasted'),
  },
  {
    key: 'before',
    title: 'Was',
    width: 110,
    render: (l) => <QualityStatusTag status={l.status_before} />,
  },
  {
    key: 'lbs',
    title: 'In the plant',
    width: 120,
    align: 'right',
    render: (l) => formatLbs(l.lbs_in_plant),
  },
  {
    key: 'where',
    title: 'Where',
    minWidth: 160,
    render: (l) => (
      <CellText text={l.places.map((p) => `${p.device} (${formatLbs(p.lbs)})`).join(', ') || '—'} />
    ),
  },
];

const leftColumns: ResponsiveColumn<LeftThePlant>[] = [
  {
    key: 'order',
    title: 'Order',
    identity: true,
    width: 100,
    render: (l) => (l.order_id === null ? '—' : formatOrderNumber(l.order_id)),
  },
  {
    key: 'customer',
    title: 'Customer',
    minWidth: 140,
    render: (l) => <CellText text={l.customer || '—'} />,
  },
  { key: 'lot', title: 'Roasted lot', width: 150, render: (l) => l.roasted_lot },
  { key: 'lbs', title: 'Packed', width: 110, align: 'right', render: (l) => formatLbs(l.lbs) },
  {
    key: 'at',
    title: 'Date',
    width: 170,
    render: (l) => <DateText value={l.packed_at} style="spelledTime" />,
  },
];

function notHeld(lot: HeldLot): string {
  const why = lot.status === 'rejected' ? 'rejected' : 'nothing left in the plant';
  return `${lot.lot_number} (${why})`;
}

/** What a hold did: the lots now on hold, and what already left the plant for the recall. */
export function HoldResultView({ result }: { result: LotHoldResult }) {
  const count = result.held.length;
  return (
    <div className={styles.result}>
      <Alert
        type="warning"
        showIcon
        title={`${count === 1 ? '1 lot is' : `${count} lots are`} on hold: ${result.reason}`}
        description={
          result.unchanged.length
            ? `Not held: ${result.unchanged.map(notHeld).join(', ')}.`
            : undefined
        }
      />
      <Typography.Title level={5}>Held lots</Typography.Title>
      <ResponsiveTable<HeldLot>
        label="Held lots"
        rows={result.held}
        rowKey={(l) => l.lot_id}
        columns={heldColumns}
        empty={<EmptyState title="No lot held" description="Every lot reached was rejected." />}
      />
      <Typography.Title level={5}>Already left the plant</Typography.Title>
      <ResponsiveTable<LeftThePlant>
        label="Already left the plant"
        rows={result.left}
        rowKey={(l) => `${l.order_id ?? ''}/${l.roasted_lot}/${l.customer}`}
        columns={leftColumns}
        empty={
          <EmptyState
            title="Nothing left the plant"
            description="No roasted beans of these lots were packed: all of them are held."
          />
        }
      />
    </div>
  );
}
