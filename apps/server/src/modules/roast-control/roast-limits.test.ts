import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROAST_LIMITS,
  RoasterPhase,
  type RoastLimits,
  type RoastSafeAction,
} from '@roastery/contract';
import { controllerHarness } from '../../../test/roast-control-fixtures.ts';

const limits = (changes: Partial<RoastLimits>): RoastLimits => ({
  ...DEFAULT_ROAST_LIMITS,
  ...changes,
});

/** A roast through its turning point, then ET at 536 °F, over a roaster's 535 °F limit. */
async function overTheLimit(action: RoastSafeAction, quench = false) {
  const h = controllerHarness({
    limits: limits({ et_high_limit_f: 535, et_reset_f: 500, et_safe_action: action }),
    quench,
  });
  await h.charge();
  h.throughTurningPoint();
  h.writes.length = 0;
  h.value('environment-temperature', 536);
  h.value('roast-time', 81);
  h.controller.step();
  return h;
}

const limitText = (tail: string) =>
  `roast-et-high:R1 R1: environment temperature 536 °F is over its 535 °F limit; the burner is off until it falls below 500 °F${tail}.`;

describe("a roaster's own roast alarm limits", () => {
  it('burner off: the burner fires nothing until ET is below the reset, and the roast goes on', async () => {
    const h = await overTheLimit('burner-off');
    expect(h.writes).toEqual([['burner-power', 0]]);
    expect(h.alarms).toEqual([limitText('')]);
    // Between the reset and the limit the burner stays off; below the reset the profile again.
    h.value('environment-temperature', 510);
    h.value('roast-time', 82);
    h.controller.step();
    expect(h.writes).toEqual([['burner-power', 0]]);
    h.second(83, h.onReference(63));
    expect(h.cleared).toEqual(['roast-et-high:R1']);
    expect(h.writes.at(-1)?.[1]).toBeGreaterThan(0);
  });

  it('drop: the burner off and the drop asked for, once', async () => {
    const h = await overTheLimit('drop');
    expect(h.writes).toEqual([
      ['burner-power', 0],
      ['drop-request', 1],
    ]);
    expect(h.alarms).toEqual([limitText(', and the drop is asked for')]);
    // The roast is over for the controller: nothing more until the roaster drops.
    h.second(82, 300);
    expect(h.writes).toHaveLength(2);
    h.value('roaster-phase', RoasterPhase.Dropping);
    expect(h.writes.slice(2)).toEqual([
      ['burner-control', 0],
      ['drop-request', 0],
    ]);
    expect(h.cleared).toEqual(['roast-et-high:R1']);
  });

  it('quench: the burner off, the quench on and the drop asked for; the quench off after the drop', async () => {
    const h = await overTheLimit('quench', true);
    expect(h.writes).toEqual([
      ['burner-power', 0],
      ['quench', 1],
      ['drop-request', 1],
    ]);
    expect(h.alarms).toEqual([limitText(', the quench is on and the drop is asked for')]);
    h.value('roaster-phase', RoasterPhase.Dropping);
    expect(h.writes.slice(3)).toEqual([
      ['burner-control', 0],
      ['drop-request', 0],
      ['quench', 0],
    ]);
  });

  it('quench on a roaster without one: the burner off and the drop asked for', async () => {
    const h = await overTheLimit('quench');
    expect(h.writes).toEqual([
      ['burner-power', 0],
      ['drop-request', 1],
    ]);
    expect(h.alarms).toEqual([limitText(', and the drop is asked for (R1 has no quench)')]);
  });

  it("holds BT to the roaster's own band: wider than the default, no alarm 6 °F off", async () => {
    const wide = controllerHarness({ limits: limits({ band_f: 8, band_s: 20 }) });
    const usual = controllerHarness();
    for (const h of [wide, usual]) {
      await h.charge();
      h.throughTurningPoint();
      // Past the minute's grace after the turning point, 6 °F under the reference for 40 s.
      for (let s = 61; s <= 109; s += 1) h.second(20 + s, h.onReference(s));
      for (let s = 110; s <= 150; s += 1) h.second(20 + s, h.onReference(s) - 6);
    }
    expect(wide.alarms).toEqual([]);
    expect(usual.alarms).toHaveLength(1);
    // 9 °F off: outside the wide band, an alarm after its 20 s.
    for (let s = 151; s <= 171; s += 1) wide.second(20 + s, wide.onReference(s) - 9);
    expect(wide.alarms).toEqual([
      "roast-band:R1 R1: bean temperature 286.3 °F is 9 °F below the profile's reference (295.3 °F) for 20 s, at 2:51 of the roast.",
    ]);
  });
});
