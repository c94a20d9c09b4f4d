import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import Card from 'antd/es/card';
import {
  detectRoastEvents,
  formatRateOfRise,
  formatTemperature,
  projectDropTime,
  rateOfRise,
  type DeviceDetail,
  type RoastControlState,
  type RoastSample,
} from '@roastery/contract';
import { RoastCurveChart } from '../../../components/roast-curve-chart.tsx';
import { paths } from '../../../config/paths.ts';
import { endInWords } from '../../../lib/end-condition.ts';
import { formatRoastTime } from '../../../lib/roast-time.ts';
import { useTemperatureUnit } from '../../../lib/use-temperature-unit.ts';
import { useLatestRoastId } from '../api/get-latest-roast.ts';
import { useRoastControl } from '../api/get-roast-control.ts';
import { NO_ROAST, nextLiveRoast, roasterReading, type LiveRoast } from '../lib/live-roast.ts';
import styles from './live-roast-curve.module.css';

/** The dry end read off a curve that follows no profile, as the server records such a roast. */
const DRY_END_F = 300;

type Followed = NonNullable<RoastControlState['profile']>;

/**
 * When the roast is expected to drop, on the screen's clock: the profile's clock starts at the
 * charge (`offset` seconds of the roaster's roast time), the screen's at the first beans.
 */
function projectedDrop(samples: readonly RoastSample[], profile: Followed, offset: number) {
  const since = samples.filter((s) => s.t_s >= offset).map((s) => ({ ...s, t_s: s.t_s - offset }));
  const events = detectRoastEvents(since, { dryEndF: profile.dry_end_f });
  const at = projectDropTime(since, events, profile.reference, profile.end);
  return at === null ? null : at + offset;
}

/**
 * The roast's samples, kept from each pushed value of the roaster's registers: the detail changes
 * with every value the live stream writes into it.
 */
function useLiveRoast(detail: DeviceDetail): LiveRoast {
  const reading = useMemo(() => roasterReading(detail), [detail]);
  const [seen, setSeen] = useState(reading);
  const [roast, setRoast] = useState(() => nextLiveRoast(NO_ROAST, reading));
  if (reading !== seen) {
    setSeen(reading);
    setRoast(nextLiveRoast(roast, reading));
  }
  return roast;
}

/**
 * The roaster's batch as it roasts: BT, ET and the rate of rise since charge, burner and airflow,
 * the events as the curve shows them, and the time since charge; after the drop, its record.
 */
export function LiveRoastCurve({ detail }: { detail: DeviceDetail }) {
  const roast = useLiveRoast(detail);
  const unit = useTemperatureUnit();
  const code = detail.device.device_id;
  // The newest record when this charge was first seen: the next one is this roast's.
  const [before, setBefore] = useState<{ charge: number; id: number | null }>();
  const current = before?.charge === roast.charges ? before : undefined;
  const latest = useLatestRoastId(code, roast.state === 'dropped' ? current?.id : undefined);
  if (roast.state === 'roasting' && latest.isSuccess && before?.charge !== roast.charges) {
    setBefore({ charge: roast.charges, id: latest.data });
  }

  const control = useRoastControl(code, roast.charges, roast.state === 'roasting');
  const followed = control.data?.profile ?? null;
  const offset = control.data?.charge_roast_time_s ?? 0;
  const reference = useMemo(
    () => followed?.reference.map((p) => ({ t_s: p.t_s + offset, bt_f: p.bt_f })) ?? null,
    [followed, offset],
  );
  const drop = useMemo(
    () =>
      followed && roast.state === 'roasting'
        ? projectedDrop(roast.samples, followed, offset)
        : null,
    [followed, offset, roast.samples, roast.state],
  );

  const { points, events } = useMemo(() => {
    const rates = rateOfRise(roast.samples);
    return {
      points: roast.samples.map((s, i) => ({
        t_s: s.t_s,
        bt_f: s.bt_f,
        et_f: s.et_f,
        ror_f_per_min: rates[i] ?? null,
        burner_pct: s.burner_pct ?? null,
        airflow_pct: s.airflow_pct ?? null,
      })),
      events: detectRoastEvents(roast.samples, { dryEndF: followed?.dry_end_f ?? DRY_END_F }),
    };
  }, [roast.samples, followed]);

  if (roast.state === 'idle') return null;
  const last = points.at(-1);
  const recordId =
    roast.state === 'dropped' && current && latest.data != null && latest.data !== current.id
      ? latest.data
      : null;
  return (
    <Card size="small" title="Live roast" className={styles.card}>
      <dl className={styles.figures}>
        <div>
          <dt>{roast.state === 'roasting' ? 'Since charge' : 'Dropped at'}</dt>
          <dd>{formatRoastTime(last?.t_s ?? 0)}</dd>
        </div>
        <div>
          <dt>BT</dt>
          <dd>{last ? formatTemperature(last.bt_f, unit) : '—'}</dd>
        </div>
        <div>
          <dt>ET</dt>
          <dd>{last ? formatTemperature(last.et_f, unit) : '—'}</dd>
        </div>
        <div>
          <dt>RoR</dt>
          <dd>{last?.ror_f_per_min != null ? formatRateOfRise(last.ror_f_per_min, unit) : '—'}</dd>
        </div>
        {followed && roast.state === 'roasting' ? (
          <div>
            <dt>Projected drop</dt>
            <dd>{drop === null ? '—' : formatRoastTime(drop)}</dd>
          </div>
        ) : null}
      </dl>
      {followed ? (
        <p className={styles.profile}>
          Following {followed.name}, version {followed.version}. Ends at{' '}
          {endInWords(followed.end, unit)}
        </p>
      ) : null}
      <RoastCurveChart
        samples={points}
        reference={reference}
        events={events}
        height={400}
        label={`The live roast on ${code}: BT, ET and rate of rise since charge${followed ? ', against its profile' : ''}`}
      />
      {roast.state === 'dropped' ? (
        <p className={styles.after}>
          {recordId === null ? (
            'The roast has dropped; its record is being written.'
          ) : (
            <Link to={paths.roastRecord.getHref(recordId)}>Open the roast record</Link>
          )}
        </p>
      ) : null}
    </Card>
  );
}
