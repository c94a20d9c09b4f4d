import {
  SettingRef,
  orderQuantityFields,
  type FillSiloForm,
  type OrderForm,
  type OrderQuantityField,
} from '@roastery/contract';
import type { PlantCatalog } from '../../plant/catalog/plant-catalog.ts';
import { destinationBins, roasterOf, roasters } from '../../plant/catalog/plant-choices.ts';
import type { OrderContext } from './order-context.ts';
import { productsById } from './order-reads.ts';

/** The settings that shape the order form: which quantity it asks for, whether a bin is due. */
export interface FormSettings {
  quantityField: OrderQuantityField;
  destinationRequired: boolean;
}

export async function formSettings(ctx: OrderContext): Promise<FormSettings> {
  const [destination, quantity] = await Promise.all([
    ctx.settings.value(SettingRef.OrderFormDestination),
    ctx.settings.value(SettingRef.OrderFormQuantity),
  ]);
  const quantityField = orderQuantityFields.find((f) => f === quantity) ?? 'order_qty';
  return { quantityField, destinationRequired: destination === 'yes' };
}

async function roastingRules(
  ctx: OrderContext,
  catalog: PlantCatalog,
): Promise<OrderForm['rules']> {
  const rules: OrderForm['rules'] = [];
  for (const entry of await ctx.workflows.list('roasting')) {
    const workflow = await ctx.workflows.workflow(entry.id);
    const roaster = workflow && roasterOf(catalog, workflow.steps);
    rules.push({
      rule_id: entry.id,
      name: entry.name,
      roast_device: roaster?.device_id ?? null,
      roast_device_name: roaster?.device_name ?? null,
      batch_lbs: roaster?.batch_lbs ?? null,
    });
  }
  return rules;
}

/** The order form: products, roasting rules with their roasters, destinations, settings. */
export async function orderForm(ctx: OrderContext): Promise<OrderForm> {
  const catalog = await ctx.catalog();
  const [products, rules, settings] = await Promise.all([
    productsById(ctx),
    roastingRules(ctx, catalog),
    formSettings(ctx),
  ]);
  return {
    products: [...products.values()],
    rules,
    roasted_rules: destinationBins(catalog),
    settings: {
      quantity_field: settings.quantityField,
      destination_required: settings.destinationRequired,
    },
  };
}

/** The Fill WRB Silo form's Bean (product), Silo and Roaster choices. */
export async function fillSiloForm(ctx: OrderContext): Promise<FillSiloForm> {
  const catalog = await ctx.catalog();
  const products = await ctx.products.list();
  return {
    products: products.map((p) => ({ product_id: p.product_id, product_name: p.product_name })),
    silos: destinationBins(catalog),
    roasters: roasters(catalog),
  };
}
