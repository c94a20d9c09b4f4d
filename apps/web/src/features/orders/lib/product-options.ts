/** A product list of the order forms as Select options: the product's id, shown by its name. */
export function productOptions(products: readonly { product_id: number; product_name: string }[]) {
  return products.map((product) => ({ value: product.product_id, label: product.product_name }));
}
