/** A lot as a bin holds it: roasted lots made by an order carry its product's name. */
export interface NamedLot {
  lot_number: string;
  bean_name: string;
  /** The product a roasting order made this lot of; null for green beans. */
  product_name: string | null;
}

/**
 * What a silo or bin holds, in the words the dashboard, transfers and packing records show:
 * green beans by bean; roasted beans by product and roasted lot ("House Blend · lot RST-000007-1",
 * "House Blend (2 lots)"), since a roasted lot's bean is only the main bean of its recipe. Bins
 * holding more than one product say so first. Empty: ''.
 */
export function nameHolding(lots: readonly NamedLot[]): string {
  const byProduct = new Map<string, Set<string>>();
  const beans = new Set<string>();
  for (const lot of lots) {
    if (lot.product_name === null) beans.add(lot.bean_name);
    else
      byProduct.set(
        lot.product_name,
        (byProduct.get(lot.product_name) ?? new Set()).add(lot.lot_number),
      );
  }
  const roasted = [...byProduct].map(([product, numbers]) =>
    numbers.size === 1
      ? `${product} · lot ${[...numbers].join('')}`
      : `${product} (${numbers.size} lots)`,
  );
  const names = [...roasted, ...beans].join(', ');
  return byProduct.size > 1 ? `Mixed products: ${names}` : names;
}
