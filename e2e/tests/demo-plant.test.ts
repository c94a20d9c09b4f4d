import { describe, expect, test } from 'vitest';
import { Role } from '@roastery/contract';
import { useConsoleHarness } from '../support/harness.ts';
import { signInAs } from '../support/console-actions.ts';
import { rowWith } from '../support/form-actions.ts';

// A console on its first start: the demo plant with its beans, products and opening stock.
const harness = useConsoleHarness({}, { plant: true, demoStock: true });

describe('the demo plant on a first start', () => {
  test('the dashboard shows the opening stock, book and PLC level alike', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor);
    await page.getByText('Silo Bins Occupancy', { exact: true }).waitFor();

    for (const [silo, bean, lbs] of [
      ['Green Silo 1', 'Colombia Supremo', '6,000 lbs'],
      ['Green Silo 3', 'Brazil Santos', '5,000 lbs'],
      ['Green Silo 4', 'Ethiopia Yirgacheffe', '3,000 lbs'],
      ['Green Silo 5', 'Sumatra Mandheling', '2,500 lbs'],
    ] as const) {
      const row = rowWith(page, silo);
      await row.getByRole('cell', { name: bean, exact: true }).waitFor();
      // The book weight, with the level the PLC reports beside it: they agree.
      await row.getByTitle(`PLC level ${lbs}`).getByText(lbs, { exact: true }).waitFor();
    }
    await rowWith(page, 'Green Silo 2').getByRole('cell', { name: 'Empty', exact: true }).waitFor();
    await rowWith(page, 'Green Silo 6').getByRole('cell', { name: 'Empty', exact: true }).waitFor();
  });

  test('the devices screen shows what each green silo holds', async () => {
    const { page, url } = harness();
    await signInAs(page, url, Role.Supervisor, '/device?t=0');

    for (const [silo, lbs, fill] of [
      ['Green Silo 1', '6,000', '30%'],
      ['Green Silo 2', '0', '0%'],
      ['Green Silo 3', '5,000', '25%'],
      ['Green Silo 4', '3,000', '15%'],
      ['Green Silo 5', '2,500', '13%'],
      ['Green Silo 6', '0', '0%'],
    ] as const) {
      const card = page.getByRole('button', { name: `Open ${silo}` });
      // The weight and the capacity share a paragraph, one line each.
      await card.getByText(new RegExp(`^${lbs} lbs\\s*of 20,000 lbs$`)).waitFor();
      await card.getByText(fill, { exact: true }).waitFor();
    }
    const silos = await page.getByRole('button', { name: /^Open Green Silo \d$/ }).count();
    expect(silos).toBe(6);
  });
});
