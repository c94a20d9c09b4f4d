import Progress from 'antd/es/progress';
import { formatAmount } from '../lib/format-value.ts';

const FULL_WARNING = 90;

interface OccupancyGaugeProps {
  occupied: number;
  capacity: number;
  unit: string;
  size?: number;
}

/**
 * How full a silo or bin is by the ledger: a gauge with the percentage. The ledger's weight is
 * the console's own record, as current with the PLC link down as with it up.
 */
export function OccupancyGauge({ occupied, capacity, unit, size = 96 }: OccupancyGaugeProps) {
  const percent = capacity > 0 ? Math.min(100, Math.round((occupied / capacity) * 100)) : 0;
  return (
    <Progress
      type="dashboard"
      percent={percent}
      size={size}
      strokeColor={percent >= FULL_WARNING ? '#c2362b' : '#b5591f'}
      aria-label={`Occupancy ${percent}%: ${formatAmount(occupied)} of ${formatAmount(capacity, unit)}`}
      format={(value) => <strong>{value}%</strong>}
    />
  );
}
