import { RoasterPhase, type DeviceDetail, type RoastSample } from '@roastery/contract';

/** What a roaster reports of its roast at one moment, by the names of its registers. */
export interface RoasterReading {
  phase: number;
  roastTimeS: number;
  btF: number;
  etF: number;
  burnerPct: number | null;
  airflowPct: number | null;
  crackHeard: boolean;
}

function valueOf(detail: DeviceDetail, name: string): number | null {
  const command = [...detail.plcInput, ...detail.input].find((c) => c.name === name);
  return command?.value ?? null;
}

/** The roaster's reading, or null when the device reports no phase, roast time or BT and ET. */
export function roasterReading(detail: DeviceDetail): RoasterReading | null {
  const phase = valueOf(detail, 'Phase');
  const roastTimeS = valueOf(detail, 'Roast Time');
  const btF = valueOf(detail, 'Bean Temperature');
  const etF = valueOf(detail, 'Environment Temperature');
  if (phase === null || roastTimeS === null || btF === null || etF === null) return null;
  return {
    phase,
    roastTimeS,
    btF,
    etF,
    burnerPct: valueOf(detail, 'Burner Output'),
    airflowPct: valueOf(detail, 'Airflow'),
    crackHeard: valueOf(detail, 'First Crack') === 1,
  };
}

/** The roast as the screen has seen it: each second since charge, from the moment it opened. */
export interface LiveRoast {
  /** 'dropped': the roast seen has ended; its samples stay until the next charge. */
  state: 'idle' | 'roasting' | 'dropped';
  /** How many charges the screen has seen: a new one tells one roast from the next. */
  charges: number;
  samples: RoastSample[];
}

export const NO_ROAST: LiveRoast = { state: 'idle', charges: 0, samples: [] };

function sampleOf(reading: RoasterReading): RoastSample {
  return {
    t_s: reading.roastTimeS,
    bt_f: reading.btF,
    et_f: reading.etF,
    ...(reading.burnerPct === null ? {} : { burner_pct: reading.burnerPct }),
    ...(reading.airflowPct === null ? {} : { airflow_pct: reading.airflowPct }),
    crack_heard: reading.crackHeard,
  };
}

/**
 * The roast after a new reading. Values arrive one register at a time, so a second's sample is
 * rewritten with each value until the roast time moves on; a roast time that goes back is a new
 * charge, which starts the curve again.
 */
export function nextLiveRoast(roast: LiveRoast, reading: RoasterReading | null): LiveRoast {
  if (!reading) return roast;
  if (reading.phase !== RoasterPhase.Roasting) {
    return roast.state === 'roasting' ? { ...roast, state: 'dropped' } : roast;
  }
  const last = roast.samples.at(-1);
  const sample = sampleOf(reading);
  if (roast.state !== 'roasting' || !last || reading.roastTimeS < last.t_s) {
    return { state: 'roasting', charges: roast.charges + 1, samples: [sample] };
  }
  if (reading.roastTimeS === last.t_s) {
    return { ...roast, samples: [...roast.samples.slice(0, -1), sample] };
  }
  return { ...roast, samples: [...roast.samples, sample] };
}
