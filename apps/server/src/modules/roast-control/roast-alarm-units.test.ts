import { describe, expect, it } from 'vitest';
import type { TemperatureUnit } from '@roastery/contract';
import { controllerHarness } from '../../../test/roast-control-fixtures.ts';

/** BT 6 °F under the reference for the band's 30 s, past the minute's grace. */
async function offTheBand(unit: TemperatureUnit) {
  const h = controllerHarness({ unit });
  await h.charge();
  h.throughTurningPoint();
  for (let s = 61; s <= 109; s += 1) h.second(20 + s, h.onReference(s));
  for (let s = 110; s <= 140; s += 1) h.second(20 + s, h.onReference(s) - 6);
  return h.alarms;
}

/** ET at 556 °F, over the default 550 °F limit. */
async function overTheLimit(unit: TemperatureUnit) {
  const h = controllerHarness({ unit });
  await h.charge();
  h.throughTurningPoint();
  h.value('environment-temperature', 556);
  h.value('roast-time', 81);
  h.controller.step();
  return h.alarms;
}

/** 15 °F/min on the reference, the crack heard at 2:00, then the beans stall. */
async function crashed(unit: TemperatureUnit) {
  const h = controllerHarness({ unit });
  await h.charge();
  h.throughTurningPoint();
  for (let s = 61; s <= 120; s += 1) h.second(20 + s, h.onReference(s));
  h.value('first-crack', 1);
  for (let s = 121; s <= 150; s += 1) h.second(20 + s, h.onReference(120));
  return h.alarms;
}

/** After the crack the rate eases to 12 °F/min, then climbs again. */
async function flicked(unit: TemperatureUnit) {
  const h = controllerHarness({ unit });
  await h.charge();
  h.throughTurningPoint();
  for (let s = 61; s <= 120; s += 1) h.second(20 + s, h.onReference(s));
  h.value('first-crack', 1);
  let bt = h.onReference(120);
  for (let s = 121; s <= 180; s += 1) {
    bt += s <= 150 ? 0.2 : 0.3;
    h.second(20 + s, bt);
  }
  return h.alarms;
}

describe("roast alarms in the plant's temperature unit", () => {
  it('words them in °F: temperatures, the gap to the reference and the rate of rise as read', async () => {
    expect(await offTheBand('F')).toEqual([
      "roast-band:R1 R1: bean temperature 281.5 °F is 6 °F below the profile's reference (287.5 °F) for 30 s, at 2:20 of the roast.",
    ]);
    expect(await overTheLimit('F')).toEqual([
      'roast-et-high:R1 R1: environment temperature 556 °F is over its 550 °F limit; the burner is off until it falls below 530 °F.',
    ]);
    expect(await crashed('F')).toEqual([
      'roast-ror-crash:R1 R1: the rate of rise crashed after first crack, from 15 to 9.7 °F/min in 30 s, at 2:12 of the roast.',
    ]);
    expect(await flicked('F')).toEqual([
      'roast-ror-flick:R1 R1: the rate of rise flicked up after first crack, from 12 to 14.1 °F/min, at 2:42 of the roast.',
    ]);
  });

  it('words them in °C: temperatures converted, the gap and the rate of rise as differences (no 32 offset)', async () => {
    // 281.5 °F is 138.6 °C; the 6 °F gap is 3.3 °C, not the -14.4 °C that 6 °F reads as.
    expect(await offTheBand('C')).toEqual([
      "roast-band:R1 R1: bean temperature 138.6 °C is 3.3 °C below the profile's reference (141.9 °C) for 30 s, at 2:20 of the roast.",
    ]);
    expect(await overTheLimit('C')).toEqual([
      'roast-et-high:R1 R1: environment temperature 291.1 °C is over its 287.8 °C limit; the burner is off until it falls below 276.7 °C.',
    ]);
    expect(await crashed('C')).toEqual([
      'roast-ror-crash:R1 R1: the rate of rise crashed after first crack, from 8.3 to 5.4 °C/min in 30 s, at 2:12 of the roast.',
    ]);
    expect(await flicked('C')).toEqual([
      'roast-ror-flick:R1 R1: the rate of rise flicked up after first crack, from 6.7 to 7.9 °C/min, at 2:42 of the roast.',
    ]);
  });
});
