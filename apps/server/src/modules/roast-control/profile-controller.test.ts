import { describe, expect, it } from 'vitest';
import { BurnerControl, RoasterPhase } from '@roastery/contract';
import { controllerHarness, testProfile as profile } from '../../../test/roast-control-fixtures.ts';

describe('the roast profile controller', () => {
  it('takes the burner at the charge, sets it each second of the roast clock, asks for the drop at the end condition and hands the burner back after it', async () => {
    const h = controllerHarness({
      profile: { ...profile, end: { kind: 'total_time', value: 30 } },
    });
    await h.charge();
    expect(h.controller.following).toEqual(['R1']);
    // The first step at t = 0: the charge's power until the turning point (the profile has no
    // schedule, so 75 %) and the usual airflow.
    expect(h.writes).toEqual([
      ['drop-request', 0],
      ['burner-control', BurnerControl.Console],
      ['burner-power', 75],
      ['airflow', 50],
    ]);
    h.writes.length = 0;
    for (let s = 1; s <= 29; s += 1) h.second(20 + s, 380 - 4 * s);
    // Open loop until the turning point: a burner that does not change is not written again.
    expect(h.writes).toEqual([]);
    for (let s = 30; s <= 35; s += 1) h.second(20 + s, 380 - 4 * s);
    const drop = h.writes.findIndex(([o, v]) => o === 'drop-request' && v === 1);
    expect(drop).toBe(0);
    // Asked once, at 30 s; nothing more is written until the roaster drops.
    expect(h.writes.slice(drop + 1)).toEqual([]);
    h.value('roaster-phase', RoasterPhase.Dropping);
    expect(h.writes.slice(drop + 1)).toEqual([
      ['burner-control', BurnerControl.SetPoint],
      ['drop-request', 0],
    ]);
    expect(h.controller.following).toEqual([]);
    expect(h.errors).toEqual([]);
  });

  it('steps once per second of the roast clock, however many readings arrive', async () => {
    const h = controllerHarness();
    await h.charge();
    h.throughTurningPoint();
    h.writes.length = 0;
    // On the reference's climb the PID moves the burner every second.
    h.second(81, 266);
    expect(h.writes.filter(([o]) => o === 'burner-power')).toHaveLength(1);
    h.value('bean-temperature', 265);
    h.controller.step();
    h.controller.step();
    expect(h.writes.filter(([o]) => o === 'burner-power')).toHaveLength(1);
    h.second(82, 265);
    expect(h.writes.filter(([o]) => o === 'burner-power')).toHaveLength(2);
  });

  it('leaves a batch without a profile to the PLC', async () => {
    const h = controllerHarness({ profile: null });
    await h.charge();
    for (let s = 1; s <= 40; s += 1) h.second(20 + s, 380 - s);
    h.value('roaster-phase', RoasterPhase.Dropping);
    expect(h.writes).toEqual([]);
    expect(h.controller.following).toEqual([]);
  });

  it('writes nothing while an operator drives the roaster by hand', async () => {
    const h = controllerHarness();
    await h.charge();
    h.throughTurningPoint();
    h.writes.length = 0;
    h.setManual(true);
    for (let s = 61; s <= 70; s += 1) h.second(20 + s, 268 + s);
    expect(h.writes).toEqual([]);
    h.setManual(false);
    h.second(91, 275);
    expect(h.writes.map(([o]) => o)).toEqual(['burner-power']);
  });

  it('raises an alarm when BT stays off the reference past the band, and clears it once back', async () => {
    const h = controllerHarness();
    await h.charge();
    h.throughTurningPoint();
    // The turning point shows at 44 s; for a minute after it the band does not count.
    for (let s = 61; s <= 109; s += 1) h.second(20 + s, h.onReference(s) - (s < 104 ? 9 : 0));
    expect(h.alarms).toEqual([]);
    // 6 °F under the reference: within the band's time for 29 s, an alarm at 30 s.
    for (let s = 110; s <= 139; s += 1) h.second(20 + s, h.onReference(s) - 6);
    expect(h.alarms).toEqual([]);
    h.second(160, h.onReference(140) - 6);
    expect(h.alarms).toEqual([
      "roast-band:R1 R1: bean temperature 281.5 °F is 6 °F below the profile's reference (287.5 °F) for 30 s, at 2:20 of the roast.",
    ]);
    h.second(161, h.onReference(141));
    expect(h.cleared).toEqual(['roast-band:R1']);
  });

  it('turns the burner off while ET is over its high limit, the safe action, with an alarm', async () => {
    const h = controllerHarness();
    await h.charge();
    h.throughTurningPoint();
    h.writes.length = 0;
    h.value('environment-temperature', 556);
    h.value('roast-time', 81);
    h.controller.step();
    expect(h.writes).toEqual([['burner-power', 0]]);
    expect(h.alarms).toEqual([
      'roast-et-high:R1 R1: environment temperature 556 °F is over its 550 °F limit; the burner is off until it falls below 530 °F.',
    ]);
    // Still over the reset point: the burner stays off.
    h.value('environment-temperature', 540);
    h.value('roast-time', 82);
    h.controller.step();
    expect(h.writes).toEqual([['burner-power', 0]]);
    h.second(83, h.onReference(63));
    expect(h.cleared).toEqual(['roast-et-high:R1']);
    expect(h.writes.at(-1)?.[1]).toBeGreaterThan(0);
  });

  it('raises an alarm when the rate of rise crashes after first crack, and one when it flicks up', async () => {
    const crash = controllerHarness();
    await crash.charge();
    crash.throughTurningPoint();
    // 15 °F/min on the reference, the crack heard at 2:00, then the beans stall.
    for (let s = 61; s <= 120; s += 1) crash.second(20 + s, crash.onReference(s));
    crash.value('first-crack', 1);
    for (let s = 121; s <= 150; s += 1) crash.second(20 + s, crash.onReference(120));
    expect(crash.alarms).toHaveLength(1);
    expect(crash.alarms[0]).toMatch(
      /^roast-ror-crash:R1 R1: the rate of rise crashed after first crack, from 15 to \d+(\.\d)? °F\/min in 30 s, at 2:\d\d of the roast\.$/,
    );

    const flick = controllerHarness();
    await flick.charge();
    flick.throughTurningPoint();
    for (let s = 61; s <= 120; s += 1) flick.second(20 + s, flick.onReference(s));
    flick.value('first-crack', 1);
    // The rate eases to 12 °F/min, then climbs again.
    let bt = flick.onReference(120);
    for (let s = 121; s <= 180; s += 1) {
      bt += s <= 150 ? 0.2 : 0.3;
      flick.second(20 + s, bt);
    }
    expect(flick.alarms).toHaveLength(1);
    expect(flick.alarms[0]).toMatch(
      /^roast-ror-flick:R1 R1: the rate of rise flicked up after first crack, from 12 to 14\.1 °F\/min, at 2:\d\d of the roast\.$/,
    );
    flick.value('roaster-phase', RoasterPhase.Dropping);
    expect(flick.cleared).toContain('roast-ror-flick:R1');
  });

  it('drives a PLC with its own burner controller by a set-point curve: the charge temperature, then the reference', async () => {
    const h = controllerHarness({ mode: 'set-point' });
    await h.charge();
    expect(h.writes).toEqual([
      ['drop-request', 0],
      ['burner-set-point', 400],
      ['airflow', 50],
    ]);
    h.throughTurningPoint();
    const curve = h.writes.filter(([o]) => o === 'burner-set-point').map(([, v]) => v);
    // From the turning point (detected at 44 s) the reference, a quarter of a degree a second.
    expect(curve.slice(0, 3)).toEqual([400, 263.5, 263.8]);
    expect(h.writes.map(([o]) => o)).not.toContain('burner-control');
    expect(h.writes.map(([o]) => o)).not.toContain('burner-power');
    h.value('roaster-phase', RoasterPhase.Dropping);
    // After the drop, the drum is held at the charge temperature for the next batch.
    expect(h.writes.slice(-2)).toEqual([
      ['burner-set-point', 400],
      ['drop-request', 0],
    ]);
  });

  it('follows nothing on a roaster whose burner it cannot drive', async () => {
    const h = controllerHarness({ mode: null });
    await h.charge();
    h.throughTurningPoint();
    expect(h.writes).toEqual([]);
    expect(h.controller.following).toEqual([]);
  });
});
