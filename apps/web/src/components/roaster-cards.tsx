import Badge from 'antd/es/badge';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import type { ReactNode } from 'react';
import { temperatureSymbol, toUnit, type SystemStatus } from '@roastery/contract';
import { formatRoastingBatch } from '../lib/batch-label.ts';
import { formatRoastTime } from '../lib/roast-time.ts';
import { useLiveness } from '../lib/use-liveness.ts';
import { useTemperatureUnit } from '../lib/use-temperature-unit.ts';
import { EmptyState } from './empty-state.tsx';
import { LiveValue } from './live-value.tsx';
import { ValueTrendButton } from './value-trend.tsx';
import styles from './roaster-cards.module.css';

type Roaster = SystemStatus['roasters'][number];

/** The colour of each phase of a roaster's cycle; a phase the plant added later has none. */
const phaseColors: Record<string, string> = {
  Charging: 'gold',
  Roasting: 'volcano',
  Dropping: 'orange',
  Cooling: 'blue',
};

const degrees = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

function RoasterCard({ roaster }: { roaster: Roaster }) {
  const { phase, temperature, batch, order_id: orderId } = roaster;
  const { temperature_tag: probe, roast_time_s: roastTime } = roaster;
  const live = useLiveness(roaster).live;
  const unit = useTemperatureUnit();
  const shown =
    temperature === null
      ? null
      : `${degrees.format(toUnit(temperature, unit))} ${temperatureSymbol(unit)}`;
  // While the PLC's values are not live, each says so in its place, with what was last known.
  const notLive = (lastKnown?: ReactNode) => (
    <LiveValue quality={roaster.quality} since={roaster.not_live_since} compact>
      {lastKnown}
    </LiveValue>
  );
  return (
    <Card
      size="small"
      role="group"
      aria-label={roaster.device_name}
      title={roaster.device_name}
      extra={
        live ? (
          <Badge
            status={roaster.active ? 'processing' : 'default'}
            text={roaster.active ? 'Active' : 'Inactive'}
          />
        ) : null
      }
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          // The header is too narrow to say it in place of Active or Inactive.
          ...(live ? [] : [{ key: 'state', label: 'State', children: notLive() }]),
          {
            key: 'phase',
            label: 'Phase',
            children: !live ? (
              notLive(phase ?? undefined)
            ) : phase === null ? (
              '—'
            ) : (
              <Tag color={phaseColors[phase]}>{phase}</Tag>
            ),
          },
          {
            key: 'temperature',
            label: 'Bean temperature',
            children: !live ? (
              notLive(shown ?? undefined)
            ) : (
              <span className={styles.value}>
                {shown ?? '—'}
                {probe ? <ValueTrendButton tag={probe} label="Bean Temperature" /> : null}
              </span>
            ),
          },
          // How far the batch in the drum is, by the roaster's own clock.
          ...(live && roastTime !== null
            ? [{ key: 'time', label: 'Roast time', children: formatRoastTime(roastTime) }]
            : []),
          {
            key: 'batch',
            label: 'Batch',
            children:
              batch === null || orderId === null
                ? 'No batch'
                : formatRoastingBatch(batch, roaster.total_split, orderId),
          },
        ]}
      />
    </Card>
  );
}

/**
 * The roasters as cards: whether each runs, its phase in words, its bean temperature (with its
 * trend), how long the batch in its drum has been there and the batch it roasts. The orders screen and the dashboard's System Info drawer both show them.
 */
export function RoasterCards({ roasters }: { roasters: Roaster[] }) {
  if (roasters.length === 0) return <EmptyState description="The plant has no roasters." />;
  return (
    <div className={styles.grid}>
      {roasters.map((roaster) => (
        <RoasterCard key={roaster.device_id} roaster={roaster} />
      ))}
    </div>
  );
}
