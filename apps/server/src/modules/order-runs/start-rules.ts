import { MIXED_BIN_ERROR, orderMessages, type WorkflowDefinition } from '@roastery/contract';
import { workflowDevices } from '@roastery/engine';
import { HttpError, conflict, unavailable } from '../../lib/http-errors.ts';
import { sameCode, type OrderRunServiceDeps } from './order-run-context.ts';

/** The bin a roasting workflow drops into as written. */
export function binOf(d: OrderRunServiceDeps, workflow: WorkflowDefinition): string | undefined {
  return workflow.steps.find((s) => d.plant.isBinInlet(s))?.device_id;
}

/**
 * A roasted bin holds one product, so that what is packed from it is what its label says:
 * roasting into a bin that holds another product is refused, naming what it holds, unless a
 * supervisor confirmed the mix (as a transfer's segregation override).
 */
export async function checkBin(
  d: OrderRunServiceDeps,
  bin: string | undefined,
  product: { id: number; name: string },
  allowMixed: boolean | undefined,
): Promise<void> {
  if (bin === undefined || allowMixed) return;
  const others = (await d.ledger.roastedStock()).filter(
    (s) => sameCode(s.deviceCode, bin) && s.productId !== product.id,
  );
  const [first] = others;
  if (!first) return;
  const held = others
    .map(
      (s) =>
        `${s.productName} (${s.lotNumbers.length === 1 ? 'lot' : 'lots'} ${s.lotNumbers.join(', ')})`,
    )
    .join(' and ');
  throw new HttpError(
    409,
    `${first.deviceName} holds ${held}: roasting ${product.name} into it would mix products. Confirm the mix to start anyway, or choose another bin.`,
    MIXED_BIN_ERROR,
  );
}

/** Every device the order's workflow drives or waits on must be in auto before it starts. */
export function checkModes(d: OrderRunServiceDeps, workflow: WorkflowDefinition): void {
  const devices = workflowDevices(workflow.steps);
  const unknown = devices.filter((device) => d.plant.mode(device) === 'unknown');
  if (unknown.length > 0) {
    throw unavailable(
      `The PLC does not report the mode of ${unknown.join(', ')} (is it connected?).`,
    );
  }
  if (devices.some((device) => d.plant.mode(device) === 'manual')) {
    throw conflict(orderMessages.manualMode);
  }
}
