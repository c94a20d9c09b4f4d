import Progress from 'antd/es/progress';
import type { SiloStat } from '@roastery/contract';
import { useLiveness } from '../lib/use-liveness.ts';
import { LiveValue } from './live-value.tsx';

/** Full silos cannot take the next dump or transfer, so the bar warns before they are. */
export function fillColor(percentage: number): string {
  if (percentage >= 90) return 'var(--ant-color-error, #c2362b)';
  if (percentage >= 75) return 'var(--ant-color-warning, #d48806)';
  return 'var(--ant-color-success, #3f8f4f)';
}

interface SiloFillProps {
  silo: SiloStat;
  size?: 'small';
  className?: string;
}

/** A silo without a level sensor: its fill is the book's, which the PLC has no part in. */
export function hasNoLevelSensor(silo: SiloStat): boolean {
  return silo.quality === 'good' && silo.measured === null;
}

/**
 * A silo's fill as a bar. While the PLC's level is not live no bar is drawn, which would look
 * like one: the place says so, with the last level read if there is one.
 */
export function SiloFill({ silo, size, className }: SiloFillProps) {
  const live = useLiveness(silo).live || hasNoLevelSensor(silo);
  const percent = `${Math.round(silo.percentage)}%`;
  if (!live) {
    return (
      <LiveValue quality={silo.quality} since={silo.not_live_since} compact>
        {silo.measured === null ? undefined : percent}
      </LiveValue>
    );
  }
  return (
    <Progress
      className={className}
      percent={Math.min(100, Math.max(0, silo.percentage))}
      status="normal"
      size={size}
      strokeColor={fillColor(silo.percentage)}
      format={() => percent}
      aria-label={`${silo.name} fill`}
    />
  );
}
