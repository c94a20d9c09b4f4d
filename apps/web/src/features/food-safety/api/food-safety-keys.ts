/** Every food-safety query sits under one key, so a change refreshes the day and the limits. */
export const foodSafetyKeys = {
  all: ['food-safety'] as const,
  day: (day: string) => [...foodSafetyKeys.all, 'day', day] as const,
  limits: (productId: number) => [...foodSafetyKeys.all, 'limits', productId] as const,
  products: () => [...foodSafetyKeys.all, 'products'] as const,
  packingOrders: () => [...foodSafetyKeys.all, 'packing-orders'] as const,
};
