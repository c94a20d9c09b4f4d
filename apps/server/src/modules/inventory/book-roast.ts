import { randomUUID } from 'node:crypto';
import { conflict, unprocessable } from '../../lib/http-errors.ts';
import {
  checkRoom,
  checkSegregation,
  ledgerRow,
  lockedDevice,
  takeOldestFirst,
} from './booking-rules.ts';
import { commitMovement } from './commit-movement.ts';
import type { LedgerContext } from './ledger-context.ts';
import { createLot } from './ledger-lots.ts';
import type { NewLedgerRow } from './ledger-repository.ts';
import type { RoastInput, RoastMovement, WithBooking } from './movement-types.ts';
import { unique } from './unique.ts';
import { apportion, formatCenti } from './weights.ts';

/** Refuses weights no roasting batch can have given, before anything is locked. */
function checkRoastWeights(input: RoastInput, drawn: number): void {
  const { greenCenti: green, roastedCenti: roasted } = input;
  if (input.draws.some((d) => !Number.isInteger(d.centiLbs) || d.centiLbs < 0))
    throw unprocessable('A silo cannot have given a negative weight.');
  if (!(roasted > 0)) throw unprocessable('The roaster reported no roasted weight.');
  if (green < roasted)
    throw unprocessable(
      `The roaster reported ${formatCenti(roasted)} roasted from ${formatCenti(green)} green.`,
    );
  if (drawn < green)
    throw unprocessable(
      `The silos gave ${formatCenti(drawn)} but the roaster weighed ${formatCenti(green)} green.`,
    );
}

/**
 * Books one roasting batch as one movement: the green lots leave their silos (roast_in to the
 * roaster, the cleaner's share to the waste bin as cleaner_waste), the roast loss leaves the
 * plant (roast_loss), the rest leaves the roaster as green beans (roast_out) and enters the
 * destination as a new roasted lot (roast_out). Every weight is the PLC's; shares of a total
 * are split over lots in proportion, to the hundredth, so every sum is exact.
 */
export async function bookRoast(
  ctx: LedgerContext,
  input: RoastInput,
  alongside?: WithBooking<RoastMovement>,
): Promise<RoastMovement> {
  const drawn = input.draws.reduce((sum, d) => sum + d.centiLbs, 0);
  const { greenCenti: green, roastedCenti: roasted } = input;
  checkRoastWeights(input, drawn);
  return commitMovement(ctx, alongside, async (tx): Promise<RoastMovement> => {
    const ids = [
      ...input.draws.map((d) => d.fromDevice),
      input.roaster,
      input.destination,
      ...(input.wasteDevice === null ? [] : [input.wasteDevice]),
    ];
    const locked = await ctx.repo.lockDevices(tx, unique(ids));
    const roaster = lockedDevice(locked, input.roaster);
    const destination = lockedDevice(locked, input.destination);
    const waste = input.wasteDevice === null ? null : lockedDevice(locked, input.wasteDevice);
    const wasteShares = apportion(
      drawn - green,
      input.draws.map((d) => d.centiLbs),
    );
    const movementId = randomUUID();
    const rows: NewLedgerRow[] = [];
    const inRoaster = new Map<number, number>();
    for (const [i, draw] of input.draws.entries()) {
      if (draw.centiLbs === 0) continue;
      const silo = lockedDevice(locked, draw.fromDevice);
      const holdings = await ctx.repo.holdings(tx, silo.id);
      const held = holdings.reduce((sum, h) => sum + h.centiLbs, 0);
      if (held < draw.centiLbs)
        throw conflict(
          `${silo.name} gave ${formatCenti(draw.centiLbs)} by its level, but the ledger holds only ${formatCenti(held)} there.`,
        );
      const taken = takeOldestFirst(holdings, draw.centiLbs);
      const wasted = apportion(
        wasteShares[i] ?? 0,
        taken.map((t) => t.centiLbs),
      );
      for (const [j, t] of taken.entries()) {
        await ctx.repo.setHolding(tx, t.holding.seq, t.holding.centiLbs - t.centiLbs);
        const lotId = t.holding.lotId;
        const lost = wasted[j] ?? 0;
        const charged = t.centiLbs - lost;
        if (charged > 0) {
          rows.push(ledgerRow(movementId, silo.id, roaster.id, lotId, charged, 'roast_in', input));
          inRoaster.set(lotId, (inRoaster.get(lotId) ?? 0) + charged);
        }
        if (lost > 0) {
          rows.push(
            ledgerRow(movementId, silo.id, waste?.id ?? null, lotId, lost, 'cleaner_waste', input),
          );
          if (waste) await ctx.repo.append(tx, waste.id, lotId, lost);
        }
      }
    }
    const greenLots = [...inRoaster].map(([lotId, centiLbs]) => ({ lotId, centiLbs }));
    const losses = apportion(
      green - roasted,
      greenLots.map((l) => l.centiLbs),
    );
    for (const [k, lot] of greenLots.entries()) {
      const loss = losses[k] ?? 0;
      if (loss > 0)
        rows.push(ledgerRow(movementId, roaster.id, null, lot.lotId, loss, 'roast_loss', input));
      if (lot.centiLbs - loss > 0)
        rows.push(
          ledgerRow(
            movementId,
            roaster.id,
            null,
            lot.lotId,
            lot.centiLbs - loss,
            'roast_out',
            input,
          ),
        );
    }
    const roastedLotId = await createLot(ctx, { ...input.roastedLot, kind: 'roasted' }, tx);
    const segregation = await ctx.repo.segregationOfLot(tx, roastedLotId);
    const targetHoldings = await ctx.repo.holdings(tx, destination.id);
    checkRoom(destination, targetHoldings, roasted);
    checkSegregation(destination, targetHoldings, [segregation ?? null], false);
    rows.push(
      ledgerRow(movementId, null, destination.id, roastedLotId, roasted, 'roast_out', input),
    );
    await ctx.repo.append(tx, destination.id, roastedLotId, roasted);
    await ctx.repo.insertEntries(tx, rows);
    return { movementId, portions: greenLots, roastedLotId, greenLots };
  });
}
