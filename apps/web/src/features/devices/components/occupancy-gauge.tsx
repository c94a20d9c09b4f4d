import Progress from 'antd/es/progress';
import type { Quality } from '@roastery/contract';
import { LiveValue } from '../../../components/live-value.tsx';
import { formatAmount } from '../lib/format-value.ts';

const FULL_WARNING = 90;

interface OccupancyGaugeProps {
  occupied: number;
  capacity: number;
  unit: string;
  quality: Quality;
  size?: number;
}

/** How full a silo or bin is: a gauge with the percentage and the amount beneath it. */
export function OccupancyGauge({
  occupied,
  capacity,
  unit,
  quality,
  size = 96,
}: OccupancyGaugeProps) {
  const percent = capacity > 0 ? Math.min(100, Math.round((occupied / capacity) * 100)) : 0;
  const live = quality === 'good';
  const color = !live ? '#bfb6ae' : percent >= FULL_WARNING ? '#c2362b' : '#b5591f';
  return (
    <LiveValue quality={quality}>
      <Progress
        type="dashboard"
        percent={percent}
        size={size}
        strokeColor={color}
        aria-label={`Occupancy ${percent}%: ${formatAmount(occupied)} of ${formatAmount(capacity, unit)}`}
        format={(value) => <strong>{value}%</strong>}
      />
    </LiveValue>
  );
}
