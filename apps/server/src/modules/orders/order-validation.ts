import { orderMessages, type CreateRoastingOrderBody } from '@roastery/contract';
import { badRequest, unprocessable } from '../../lib/http-errors.ts';
import { destinationBins, findChoice, roasterOf } from '../../plant/catalog/plant-choices.ts';
import { planOrder } from './batch-plan.ts';
import { checkFulfillment } from './fulfillment-date.ts';
import type { OrderContext } from './order-context.ts';
import { formSettings } from './order-form.ts';
import { productsById } from './order-reads.ts';
import type { OrderRow } from './order-repository.ts';

/**
 * Checks a roasting order's form against the products, the roasting workflows, the plant's
 * bins and the form settings; gives the fields to store and the planned batches (centi-lbs).
 * `current` is the order being edited: a fulfillment date it already had may have passed since.
 */
export async function validatedOrder(
  ctx: OrderContext,
  body: CreateRoastingOrderBody,
  current: OrderRow | undefined,
) {
  const products = await productsById(ctx);
  const product = products.get(body.order_product);
  if (!product) {
    throw unprocessable(`${orderMessages.product}: product ${body.order_product} does not exist.`);
  }
  const catalog = await ctx.catalog();
  const workflow = await ctx.workflows.workflow(body.rule_id);
  if (!workflow || workflow.type !== 'roasting') {
    throw unprocessable(
      `${orderMessages.roaster}: workflow ${body.rule_id} is not a roasting workflow.`,
    );
  }
  const roaster = roasterOf(catalog, workflow.steps);
  if (!roaster) {
    throw unprocessable(
      `${orderMessages.roaster}: the roasting workflow '${workflow.name}' drives no roaster.`,
    );
  }
  const settings = await formSettings(ctx);
  const destinationCode = body.roasted_rule_id ?? undefined;
  let destination: string | undefined;
  if (destinationCode !== undefined) {
    const bin = findChoice(destinationBins(catalog), destinationCode);
    if (!bin) {
      throw unprocessable(
        `${orderMessages.destination}: ${destinationCode} is not a roasted-bean bin.`,
      );
    }
    destination = bin.device_id;
  } else if (settings.destinationRequired) {
    throw badRequest(orderMessages.destination);
  }
  const fulfillment = new Date(body.fulfillment_date);
  const unchanged = current?.order.fulfillmentDate?.getTime() === fulfillment.getTime();
  if (!unchanged) checkFulfillment(fulfillment, ctx.now());
  const plan = planOrder({ quantityField: settings.quantityField, ...body }, product);
  const refs = await ctx.repo.deviceRefs(
    [roaster.device_id, destination].filter((c): c is string => c !== undefined),
  );
  return {
    plannedCenti: plan.plannedCenti,
    fields: {
      name: body.order_name,
      customer: body.order_customer,
      productId: product.product_id,
      qtyCenti: plan.qtyCenti,
      batchCenti: plan.batchCenti,
      overrideBatch: body.override_batch,
      workflowId: workflow.id,
      roasterDevice: refs.get(roaster.device_id.toLowerCase()) ?? null,
      destinationDevice:
        destination === undefined ? null : (refs.get(destination.toLowerCase()) ?? null),
      priority: body.priority,
      fulfillmentDate: fulfillment,
    },
  };
}
