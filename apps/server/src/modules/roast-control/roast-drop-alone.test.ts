import { describe, expect, it } from 'vitest';
import {
  BurnerControl,
  DEFAULT_ROAST_LIMITS,
  RoasterPhase,
  type TemperatureUnit,
} from '@roastery/contract';
import type { BatchRunState } from './profile-controller.ts';
import { controllerHarness, testProfile } from '../../../test/roast-control-fixtures.ts';

/** The test profile ended at a drop temperature BT on its reference reaches at 70 s. */
const profile = { ...testProfile, end: { kind: 'drop_temperature' as const, value: 270 } };

/** A roast up to its end condition, with its batch's run standing as `run`. */
async function toTheEnd(run: BatchRunState, unit: TemperatureUnit = 'F') {
  const h = controllerHarness({ profile, run, unit });
  await h.charge();
  h.throughTurningPoint();
  h.writes.length = 0;
  for (let s = 61; s <= 70; s += 1) h.second(20 + s, h.onReference(s));
  return h;
}

const drops = (h: { writes: [string, number][] }) =>
  h.writes.filter(([o, v]) => (o === 'drop-request' || o === 'drop-door') && v === 1);

describe('a drop no workflow run makes', () => {
  it('is made by the controller: the drop door opened at the end condition, the burner handed back, an alarm until the resumed run closes the door', async () => {
    const h = await toTheEnd('interrupted');
    expect(drops(h)).toEqual([
      ['drop-request', 1],
      ['drop-door', 1],
    ]);
    expect(h.alarms).toEqual([
      'roast-dropped-alone:R1 R1: the roast reached its end condition (drop temperature 270 °F) while its workflow run was interrupted; the console dropped it. Resume the run to finish the batch.',
    ]);
    h.writes.length = 0;
    // Nothing more until the roaster drops; then the burner goes back to the PLC, and the
    // request stays for the run's wait on 'Drop Requested'.
    h.second(91, h.onReference(71));
    expect(h.writes).toEqual([]);
    h.value('drop-requested', 1);
    h.value('roaster-phase', RoasterPhase.Dropping);
    expect(h.writes).toEqual([['burner-control', BurnerControl.SetPoint]]);
    expect(h.controller.following).toEqual([]);
    expect(h.cleared).toEqual([]);
    // The resumed run has seen it, and closes the door: the request and the alarm go.
    h.value('roaster-phase', RoasterPhase.Cooling);
    expect(h.writes.slice(1)).toEqual([['drop-request', 0]]);
    expect(h.cleared).toEqual(['roast-dropped-alone:R1']);
    expect(h.errors).toEqual([]);
  });

  it("words its alarm in the plant's unit, and by where the run stood", async () => {
    expect((await toTheEnd('interrupted', 'C')).alarms).toEqual([
      'roast-dropped-alone:R1 R1: the roast reached its end condition (drop temperature 132.2 °C) while its workflow run was interrupted; the console dropped it. Resume the run to finish the batch.',
    ]);
    expect((await toTheEnd('paused')).alarms).toEqual([
      'roast-dropped-alone:R1 R1: the roast reached its end condition (drop temperature 270 °F) while its workflow run was paused; the console dropped it. The run finishes the batch once its devices are back in automatic.',
    ]);
    expect((await toTheEnd(null)).alarms).toEqual([
      'roast-dropped-alone:R1 R1: the roast reached its end condition (drop temperature 270 °F) while no workflow run drove its batch; the console dropped it.',
    ]);
  });

  it('is made for the ET safe action too, the same way', async () => {
    const h = controllerHarness({
      limits: {
        ...DEFAULT_ROAST_LIMITS,
        et_high_limit_f: 535,
        et_reset_f: 500,
        et_safe_action: 'drop',
      },
      run: 'interrupted',
      unit: 'C',
    });
    await h.charge();
    h.throughTurningPoint();
    h.writes.length = 0;
    h.value('environment-temperature', 536);
    h.value('roast-time', 81);
    h.controller.step();
    expect(h.writes).toEqual([
      ['burner-power', 0],
      ['drop-request', 1],
      ['drop-door', 1],
    ]);
    expect(h.alarms).toEqual([
      'roast-et-high:R1 R1: environment temperature 280 °C is over its 279.4 °C limit; the burner is off until it falls below 260 °C, and the drop is asked for.',
      'roast-dropped-alone:R1 R1: the roast reached its environment temperature limit (279.4 °C) while its workflow run was interrupted; the console dropped it. Resume the run to finish the batch.',
    ]);
  });

  it('is left to a running run, which drops and closes the door as ever: nothing more is written', async () => {
    const h = await toTheEnd('running');
    expect(drops(h)).toEqual([['drop-request', 1]]);
    expect(h.alarms).toEqual([]);
    h.value('drop-requested', 1);
    h.value('roaster-phase', RoasterPhase.Dropping);
    h.value('drop-requested', 0);
    h.writes.length = 0;
    h.value('roaster-phase', RoasterPhase.Cooling);
    expect(h.writes).toEqual([]);
    expect(h.cleared).toEqual([]);
  });
});
