import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  formatTemperatureDelta,
  type RoastRecordSummary,
  type TemperatureUnit,
} from '@roastery/contract';
import { CellText } from '../../../components/responsive-table/cell-text.tsx';
import type { ResponsiveColumn } from '../../../components/responsive-table/columns.ts';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { paths } from '../../../config/paths.ts';
import { formatSpelledTime } from '../../../lib/format-date.ts';
import { formatRoastTime } from '../../../lib/roast-time.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { formatBt, formatDensity, formatPct, formatProfile } from '../lib/roast-format.ts';

/**
 * Twelve columns and the checkbox fit a 1366 px screen when the time of the charge goes under its
 * day, the figures' columns are as wide as their values, development is named as the record's
 * page names it (DTR) and the product and profile give up a little room to the green lot.
 */
const columnsIn = (unit: TemperatureUnit): ResponsiveColumn<RoastRecordSummary>[] => [
  {
    key: 'charged',
    title: 'Charged',
    identity: true,
    width: 116,
    render: (r) => (
      <Link to={paths.roastRecord.getHref(r.id)}>{formatSpelledTime(r.charged_at)}</Link>
    ),
  },
  {
    key: 'roaster',
    title: 'Roaster',
    identity: true,
    width: 92,
    render: (r) => <CellText text={r.roaster_name} />,
  },
  {
    key: 'product',
    title: 'Product',
    minWidth: 100,
    render: (r) => <CellText text={r.product?.name ?? '—'} />,
  },
  {
    key: 'profile',
    title: 'Profile',
    minWidth: 100,
    render: (r) => <CellText text={formatProfile(r.profile)} />,
  },
  {
    key: 'fc',
    title: 'FC',
    width: 56,
    align: 'right',
    render: (r) => (r.events.first_crack ? formatRoastTime(r.events.first_crack.t_s) : '—'),
  },
  {
    key: 'total',
    title: 'Total',
    width: 60,
    align: 'right',
    render: (r) => formatRoastTime(r.total_s),
  },
  {
    key: 'drop',
    title: 'Drop',
    width: 68,
    align: 'right',
    render: (r) => formatBt(r.end_bt_f, unit),
  },
  {
    key: 'dev',
    title: 'DTR',
    width: 72,
    align: 'right',
    render: (r) => formatPct(r.phases.development.pct),
  },
  { key: 'loss', title: 'Loss', width: 68, align: 'right', render: (r) => formatPct(r.loss_pct) },
  { key: 'colour', title: 'Colour', width: 72, align: 'right', render: (r) => r.colour ?? '—' },
  // The green lot in one column of the table, moisture over density: two columns would not fit
  // 1366 px. A card has the room for each under its own label.
  {
    key: 'green',
    title: 'Green lot',
    width: 80,
    align: 'right',
    only: 'table',
    render: (r) =>
      r.green_moisture_pct === null && r.green_density_g_per_l === null ? (
        '—'
      ) : (
        <>
          <div>{formatPct(r.green_moisture_pct)}</div>
          <div>{formatDensity(r.green_density_g_per_l)}</div>
        </>
      ),
  },
  {
    key: 'moisture',
    title: 'Moisture',
    only: 'card',
    render: (r) => formatPct(r.green_moisture_pct),
  },
  {
    key: 'density',
    title: 'Density',
    only: 'card',
    render: (r) => formatDensity(r.green_density_g_per_l),
  },
  {
    key: 'deviation',
    title: 'Deviation RMS',
    width: 92,
    align: 'right',
    render: (r) => (r.deviation ? formatTemperatureDelta(r.deviation.rms_f, unit) : '—'),
  },
];

interface RoastRecordsTableProps {
  records: RoastRecordSummary[];
  loading: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  empty: ReactNode;
}

/**
 * Roasts newest first, each leading to its record; ticked rows go to the compare view. On a
 * phone a card each, led by when it was charged and on which roaster, its checkbox at the foot.
 */
export function RoastRecordsTable({
  records,
  loading,
  selected,
  onSelect,
  empty,
}: RoastRecordsTableProps) {
  const unit = useTemperatureUnit();
  const columns = useMemo(() => columnsIn(unit), [unit]);
  return (
    <ResponsiveTable<RoastRecordSummary>
      label="Roasts"
      rows={records}
      rowKey={(r) => r.id}
      columns={columns}
      loading={loading}
      empty={empty}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      selection={{
        selected,
        onChange: (keys) => onSelect(keys.map(Number)),
        label: 'Compare',
        name: (r) => `Compare roast ${r.id}`,
      }}
    />
  );
}
