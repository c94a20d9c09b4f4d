import { describe, expect, it } from 'vitest';
import { BurnerControl, RoasterPhase, type RoastSample } from '@roastery/contract';
import { controllerHarness } from '../../../test/roast-control-fixtures.ts';

/** BT on the test profile's reference: 4 °F/s down to 260 °F at 30 s, then up 0.25 °F/s. */
const onReference = (s: number) => (s <= 30 ? 380 - 4 * s : 260 + 0.25 * (s - 30));

/** The first 90 s of a roast charged at roast clock 20 s, as the historian kept them. */
const elapsed = (): RoastSample[] =>
  Array.from({ length: 91 }, (_, t) => ({
    t_s: t,
    bt_f: onReference(t),
    et_f: onReference(t) + 60,
    burner_pct: 62,
    airflow_pct: 50,
    crack_heard: false,
  }));

/** The console starts while the roaster roasts, its roast clock at 120 s (100 s from charge). */
async function startedMidRoast(h: ReturnType<typeof controllerHarness>, control: number) {
  h.value('burner-control', control);
  h.value('burner-output', 58);
  h.value('roast-time', 120);
  h.value('bean-temperature', onReference(100));
  h.value('environment-temperature', onReference(100) + 60);
  h.value('roaster-phase', RoasterPhase.Roasting);
  await h.settle();
}

describe('the roast profile controller after a restart', () => {
  it('takes a roast it did not see charge up from the roaster’s roast clock, without a bump', async () => {
    const h = controllerHarness({ resumed: { chargeS: 20, samples: elapsed() } });
    await startedMidRoast(h, BurnerControl.Console);
    expect(h.controller.following).toEqual(['R1']);
    expect(h.controller.chargeOf('R1')).toBe(20);
    expect(h.notices).toEqual([
      'R1: roast control resumed after a restart of the console, at 1:40 of the roast; the roast follows its profile again.',
    ]);
    // Burner Control stays with the console; the PID picks up from the 58 % the PLC holds.
    const [control, burner] = h.writes;
    expect(control).toEqual(['burner-control', BurnerControl.Console]);
    expect(burner?.[0]).toBe('burner-power');
    expect(Math.abs(burner![1] - 58)).toBeLessThan(2);
    // The turning point is behind it: no open-loop charge power, no drop request cleared.
    expect(h.writes.map(([o]) => o)).not.toContain('drop-request');
    for (let s = 101; s <= 110; s += 1) h.second(20 + s, onReference(s));
    const powers = h.writes.filter(([o]) => o === 'burner-power').map(([, v]) => v);
    expect(Math.max(...powers) - Math.min(...powers)).toBeLessThan(5);
    expect(h.alarms).toEqual([]);
    // The end condition (600 s) still asks for the drop.
    for (let s = 111; s <= 600; s += 1) h.second(20 + s, onReference(s));
    expect(h.writes.at(-1)).toEqual(['drop-request', 1]);
  });

  it('hands the burner back to the PLC, with an alarm, when the roast’s batch is not found', async () => {
    const h = controllerHarness({ profile: null, resumed: { chargeS: 20, samples: elapsed() } });
    await startedMidRoast(h, BurnerControl.Console);
    expect(h.controller.following).toEqual([]);
    expect(h.writes).toEqual([
      ['burner-control', BurnerControl.SetPoint],
      ['drop-request', 0],
    ]);
    expect(h.alarms).toEqual([
      'roast-resume:R1 R1: roast control could not resume after a restart of the console (its batch was not found); the burner is handed back to the PLC.',
    ]);
    h.value('roaster-phase', RoasterPhase.Dropping);
    expect(h.cleared).toEqual(['roast-resume:R1']);
  });

  it('hands the burner back when the roast’s charge was not kept', async () => {
    const h = controllerHarness();
    await startedMidRoast(h, BurnerControl.Console);
    expect(h.writes[0]).toEqual(['burner-control', BurnerControl.SetPoint]);
    expect(h.alarms[0]).toMatch(/\(its charge was not found\)/);
  });

  it('leaves a roast the PLC drives alone: nothing written, no alarm', async () => {
    const h = controllerHarness({ profile: null });
    await startedMidRoast(h, BurnerControl.SetPoint);
    for (let s = 101; s <= 105; s += 1) h.second(20 + s, onReference(s));
    expect(h.writes).toEqual([]);
    expect(h.alarms).toEqual([]);
  });
});
