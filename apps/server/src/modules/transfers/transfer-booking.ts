import type { MoveInput, WithBooking } from '../inventory/ledger-service.ts';
import { fromCenti, toCenti } from '../inventory/weights.ts';
import type { TransferServiceDeps } from './transfer-context.ts';
import type { TransferRow } from './transfer-repository.ts';

/** What a transfer books on the ledger: the same for checking it and for booking it. */
export function movementOf(
  t: Pick<
    TransferRow['transfer'],
    'sourceDevice' | 'targetDevice' | 'beanId' | 'segregationOverride'
  >,
  lbs: number,
): MoveInput {
  return {
    fromDevice: t.sourceDevice,
    toDevice: t.targetDevice,
    lbs,
    reason: 'transfer',
    ...(t.beanId === null ? {} : { beanId: t.beanId }),
    ...(t.segregationOverride ? { segregationOverride: true } : {}),
  };
}

/** What the conveyor weighed across in its current or last run, in hundredths. */
export function measuredCenti(d: TransferServiceDeps, conveyorCode: string): number | null {
  const lbs = d.runtime.reading(conveyorCode, 'transferred-weight');
  return lbs === null ? null : toCenti(lbs);
}

/** Books what a transfer moved on the ledger, with what must commit alongside. */
export async function bookTransfer(
  d: TransferServiceDeps,
  row: TransferRow,
  centi: number,
  userId: number | null,
  alongside?: WithBooking,
): Promise<void> {
  const t = row.transfer;
  await d.ledger.move(
    {
      ...movementOf(t, fromCenti(centi)),
      transferId: t.id,
      ...(userId === null ? {} : { userId }),
    },
    alongside,
  );
}
