import { describe, expect, it } from 'vitest';
import { productOptions } from './product-options.ts';

describe('productOptions', () => {
  it('offers each product by its id, labelled with its name, in the given order', () => {
    expect(
      productOptions([
        { product_id: 7, product_name: 'Kenya AA' },
        { product_id: 3, product_name: 'Brazil Santos' },
      ]),
    ).toEqual([
      { value: 7, label: 'Kenya AA' },
      { value: 3, label: 'Brazil Santos' },
    ]);
  });
});
