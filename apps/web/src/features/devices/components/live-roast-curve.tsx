import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import Card from 'antd/es/card';
import { detectRoastEvents, rateOfRise, type DeviceDetail } from '@roastery/contract';
import { RoastCurveChart } from '../../../components/roast-curve-chart.tsx';
import { paths } from '../../../config/paths.ts';
import { formatRoastTime } from '../../../lib/roast-time.ts';
import { useLatestRoastId } from '../api/get-latest-roast.ts';
import { NO_ROAST, nextLiveRoast, roasterReading, type LiveRoast } from '../lib/live-roast.ts';
import styles from './live-roast-curve.module.css';

/**
 * The dry end read off a live curve: the roaster screen knows no profile, and the server records
 * a roast without one against the same 300 °F.
 */
const DRY_END_F = 300;

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
  const code = detail.device.device_id;
  // The newest record when this charge was first seen: the next one is this roast's.
  const [before, setBefore] = useState<{ charge: number; id: number | null }>();
  const current = before?.charge === roast.charges ? before : undefined;
  const latest = useLatestRoastId(code, roast.state === 'dropped' ? current?.id : undefined);
  if (roast.state === 'roasting' && latest.isSuccess && before?.charge !== roast.charges) {
    setBefore({ charge: roast.charges, id: latest.data });
  }

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
      events: detectRoastEvents(roast.samples, { dryEndF: DRY_END_F }),
    };
  }, [roast.samples]);

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
          <dd>{last ? `${last.bt_f.toFixed(1)} °F` : '—'}</dd>
        </div>
        <div>
          <dt>ET</dt>
          <dd>{last ? `${last.et_f.toFixed(1)} °F` : '—'}</dd>
        </div>
        <div>
          <dt>RoR</dt>
          <dd>{last?.ror_f_per_min != null ? `${last.ror_f_per_min.toFixed(1)} °F/min` : '—'}</dd>
        </div>
      </dl>
      <RoastCurveChart
        samples={points}
        reference={null}
        events={events}
        height={400}
        label={`The live roast on ${code}: BT, ET and rate of rise since charge`}
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
