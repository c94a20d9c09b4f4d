import { describe, expect, it } from 'vitest';
import { nameHolding } from './holding-name.ts';

const green = (lot_number: string, bean_name: string) => ({
  lot_number,
  bean_name,
  product_name: null,
});
const roasted = (lot_number: string, product_name: string) => ({
  lot_number,
  bean_name: 'Colombia Supremo',
  product_name,
});

describe('what a bin holds, named', () => {
  it('names green beans by bean, once each', () => {
    expect(nameHolding([green('G1', 'Colombia Supremo'), green('G2', 'Colombia Supremo')])).toBe(
      'Colombia Supremo',
    );
    expect(nameHolding([green('G1', 'Colombia Supremo'), green('G2', 'Brazil Santos')])).toBe(
      'Colombia Supremo, Brazil Santos',
    );
  });

  it('names roasted beans by product and lot, never by the main bean of the recipe', () => {
    expect(nameHolding([roasted('RST-000007-1', 'House Blend')])).toBe(
      'House Blend · lot RST-000007-1',
    );
    // One lot in two holdings (a transfer came back) is still one lot.
    expect(
      nameHolding([roasted('RST-000007-1', 'House Blend'), roasted('RST-000007-1', 'House Blend')]),
    ).toBe('House Blend · lot RST-000007-1');
    expect(
      nameHolding([roasted('RST-000007-1', 'House Blend'), roasted('RST-000007-2', 'House Blend')]),
    ).toBe('House Blend (2 lots)');
  });

  it('says when a bin holds more than one product', () => {
    expect(
      nameHolding([
        roasted('RST-000007-1', 'House Blend'),
        roasted('RST-000007-2', 'House Blend'),
        roasted('RST-000008-1', 'Espresso'),
      ]),
    ).toBe('Mixed products: House Blend (2 lots), Espresso · lot RST-000008-1');
  });

  it('names an empty bin with nothing', () => {
    expect(nameHolding([])).toBe('');
  });
});
