import { Link } from 'react-router';
import Descriptions from 'antd/es/descriptions';
import type { RoastRecord } from '@roastery/contract';
import { paths } from '../../../config/paths.ts';
import { formatSpelledTime } from '../../../lib/format-date.ts';
import { formatGreenLot } from '../../../lib/format-green-lot.ts';
import { formatRoastTime } from '../../../lib/roast-time.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import {
  formatBt,
  formatColour,
  formatDeviation,
  formatOrderBatch,
  formatPct,
  formatProfile,
  formatWeight,
} from '../lib/roast-format.ts';
import styles from './roast-record.module.css';

/** What a roast came to: times, temperatures, weights, colour, and what it ran for and against. */
export function RoastSummary({ record }: { record: RoastRecord }) {
  const unit = useTemperatureUnit();
  const items = [
    { key: 'roaster', label: 'Roaster', children: `${record.roaster_name} (${record.roaster})` },
    { key: 'charged', label: 'Charged', children: formatSpelledTime(record.charged_at) },
    { key: 'total', label: 'Total time', children: formatRoastTime(record.total_s) },
    { key: 'end', label: 'End BT', children: formatBt(record.end_bt_f, unit) },
    { key: 'green', label: 'Green in', children: formatWeight(record.green_lbs) },
    { key: 'roasted', label: 'Roasted out', children: formatWeight(record.roasted_lbs) },
    { key: 'loss', label: 'Loss', children: formatPct(record.loss_pct) },
    { key: 'colour', label: 'Colour', children: formatColour(record.colour) },
    {
      key: 'green-lot',
      label: 'Moisture · density',
      children: formatGreenLot(record.green_moisture_pct, record.green_density_g_per_l),
    },
    { key: 'deviation', label: 'Deviation', children: formatDeviation(record, unit) },
    {
      key: 'profile',
      label: 'Profile',
      children: record.profile ? (
        <Link to={paths.roastProfile.getHref(record.profile.id)}>
          {formatProfile(record.profile)}
        </Link>
      ) : (
        'No profile'
      ),
    },
    {
      key: 'order',
      label: 'Order',
      children:
        record.order_id === null ? (
          formatOrderBatch(record)
        ) : (
          <Link to={paths.trace.getHref({ order: record.order_id })}>
            {formatOrderBatch(record)}
          </Link>
        ),
    },
    { key: 'product', label: 'Product', children: record.product?.name ?? '—' },
    {
      key: 'lots',
      label: 'Green lots',
      children:
        record.green_lots.length === 0
          ? '—'
          : record.green_lots.map((lot) => (
              <div key={lot.lot_number}>
                <Link className={styles.lot} to={paths.trace.getHref({ lot: lot.lot_number })}>
                  {lot.lot_number}
                </Link>{' '}
                {lot.bean_name} · {formatWeight(lot.lbs)}
              </div>
            )),
    },
  ];
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      items={items}
      aria-label="Roast summary"
      styles={{ label: { width: 128 } }}
    />
  );
}
