import type {
  HeldLot,
  LeftThePlant,
  LotHoldBody,
  LotHoldPreview,
  LotHoldResult,
  LotQualityStatus,
} from '@roastery/contract';
import { lotHoldMessages } from '@roastery/contract';
import type { Executor } from '@roastery/db';
import { notFound, unprocessable } from '../../lib/http-errors.ts';
import type { GenealogyLot, LotGenealogy } from '../inventory/lot-genealogy.ts';
import { fromCenti } from '../inventory/weights.ts';
import { statusesOf, type HeldStatus } from './hold-repository.ts';
import type { QualityContext, Signer } from './quality-context.ts';

const PENDING: HeldStatus = { status: 'pending', reason: '' };

/** A lot's genealogy forward, or 404. */
async function genealogyOf(
  ctx: QualityContext,
  lotNumber: string,
  tx?: Executor,
): Promise<LotGenealogy> {
  const found = await ctx.genealogy.genealogy(lotNumber, tx);
  if (!found) throw notFound(`Lot ${lotNumber} not found.`);
  return found;
}

/** The lot itself, then each roasted lot made from it; a roasted lot is its own only one. */
function lotsReached(g: LotGenealogy): GenealogyLot[] {
  return [g.lot, ...g.roasted.filter((r) => r.id !== g.lot.id)];
}

function centiInPlant(g: LotGenealogy, lotId: number): number {
  return g.holdings.filter((h) => h.lotId === lotId).reduce((sum, h) => sum + h.centiLbs, 0);
}

/**
 * Whether a hold puts this lot on hold: the lot named always (its remaining beans are what the
 * hold is about), a roasted lot made from it only while some of it is still in the plant. A
 * rejected lot stays rejected: that decision is final and stricter than a hold.
 */
function holds(g: LotGenealogy, lot: GenealogyLot, status: LotQualityStatus): boolean {
  if (status === 'rejected') return false;
  return lot.id === g.lot.id || centiInPlant(g, lot.id) > 0;
}

function heldLot(
  g: LotGenealogy,
  lot: GenealogyLot,
  before: LotQualityStatus,
  after: LotQualityStatus,
): HeldLot {
  const places = g.holdings
    .filter((h) => h.lotId === lot.id)
    .map((h) => ({ device: h.device, lbs: fromCenti(h.centiLbs) }));
  return {
    lot_number: lot.lotNumber,
    kind: lot.kind,
    lot_id: lot.id,
    status_before: before,
    status: after,
    lbs_in_plant: fromCenti(centiInPlant(g, lot.id)),
    places,
  };
}

function leftThePlant(g: LotGenealogy): LeftThePlant[] {
  return g.packs.map((p) => ({
    order_id: p.orderId,
    customer: p.customer,
    roasted_lot: p.lotNumber,
    lbs: fromCenti(p.centiLbs),
    packed_at: p.packedAt.toISOString(),
  }));
}

/** Packed orders reached; a pack booked without an order counts once per lot and customer. */
function ordersOf(g: LotGenealogy): number {
  return new Set(g.packs.map((p) => p.orderId ?? `${p.lotNumber}/${p.customer}`)).size;
}

/** The reason a lot's status gives: whose hold it is, and why. */
function holdReason(g: LotGenealogy, lot: GenealogyLot, reason: string): string {
  if (lot.id === g.lot.id) return `Held: ${reason}`;
  return `Held with ${g.lot.kind} lot ${g.lot.lotNumber}: ${reason}`;
}

/** Who is on hold now, as the bell says it. */
function heldSentence(reply: Pick<LotHoldResult, 'lot_number' | 'held'>): string {
  const own = reply.held.some((l) => l.lot_number === reply.lot_number);
  const made = reply.held.length - (own ? 1 : 0);
  const lots = made === 1 ? '1 lot' : `${made} lots`;
  if (!own) return `${lots} made from lot ${reply.lot_number} ${made === 1 ? 'is' : 'are'} on hold`;
  if (made === 0) return `Lot ${reply.lot_number} is on hold`;
  return `Lot ${reply.lot_number} and ${lots} made from it are on hold`;
}

/** A lot's hold as it stands and the lots a hold would reach now; nothing changes. */
export async function holdPreview(ctx: QualityContext, lotNumber: string): Promise<LotHoldPreview> {
  const g = await genealogyOf(ctx, lotNumber);
  const reached = lotsReached(g);
  const statuses = await statusesOf(
    ctx.repo.db,
    reached.map((l) => l.id),
  );
  const own = statuses.get(g.lot.id) ?? PENDING;
  return {
    lot_number: g.lot.lotNumber,
    kind: g.lot.kind,
    status: own.status,
    reason: own.reason,
    would_hold: reached
      .filter((l) => holds(g, l, (statuses.get(l.id) ?? PENDING).status))
      .map((l) => l.lotNumber),
    left_orders: ordersOf(g),
  };
}

/**
 * Holds a lot and everything made from it that is still in the plant, in one transaction: the
 * lot named and, for a green lot, every roasted lot of every batch that charged it (blends
 * included) with beans left in a bin or silo. A hold overrides a release; a rejected lot stays
 * rejected. A held lot's release takes two different people, as one held for a result out of
 * its specification does. The reply lists what already left the plant, packed for customers:
 * the recall decision. The hold joins the audit chain and rings the bell once committed.
 */
export async function holdForward(
  ctx: QualityContext,
  body: LotHoldBody,
  by: Signer,
): Promise<LotHoldResult> {
  const reason = body.reason.trim();
  await genealogyOf(ctx, body.lot_number);
  if (!reason) throw unprocessable(lotHoldMessages.reason);
  const result = await ctx.repo.db.transaction(async (tx) => {
    const g = await genealogyOf(ctx, body.lot_number, tx);
    const reached = lotsReached(g);
    // In lot id order, so that two holds over the same lots queue instead of deadlocking.
    for (const lot of [...reached].sort((a, b) => a.id - b.id)) await ctx.repo.lockLot(tx, lot.id);
    const statuses = await statusesOf(
      tx,
      reached.map((l) => l.id),
    );
    const held: HeldLot[] = [];
    const unchanged: HeldLot[] = [];
    for (const lot of reached) {
      const before = statuses.get(lot.id) ?? PENDING;
      if (!holds(g, lot, before.status)) {
        unchanged.push(heldLot(g, lot, before.status, before.status));
        continue;
      }
      const text = holdReason(g, lot, reason);
      await ctx.repo.setStatus(tx, lot.id, {
        status: 'on_hold',
        // A lot already on hold keeps why, as a result out of specification adds to it.
        reason: before.status === 'on_hold' && before.reason ? `${before.reason} ${text}` : text,
        needsSecond: true,
        firstRelease: null,
      });
      held.push(heldLot(g, lot, before.status, 'on_hold'));
    }
    return {
      lot_number: g.lot.lotNumber,
      kind: g.lot.kind,
      reason,
      held,
      unchanged,
      left: leftThePlant(g),
      orders: ordersOf(g),
    };
  });
  const { orders, ...reply } = result;
  const heldNames = reply.held.map((l) => l.lot_number).join(', ') || 'none';
  const customers = [...new Set(reply.left.map((l) => l.customer || 'no customer'))].join(', ');
  const left = orders
    ? `${orders === 1 ? '1 packed order' : `${orders} packed orders`} already left the plant (${customers})`
    : 'nothing of it left the plant';
  ctx.audit.record({
    at: ctx.now(),
    userId: by.id,
    userName: by.username,
    address: by.address,
    category: 'quality',
    action: 'hold forward',
    target: `lot ${reply.lot_number}`,
    result: `held ${reply.held.length} lots (${heldNames}): ${reason}; ${left}`,
  });
  await ctx.notifications.raise({
    type: 'warning',
    text: `${heldSentence(reply)}: ${reason}. ${left.charAt(0).toUpperCase()}${left.slice(1)}.`,
    by: by.fullName,
  });
  return reply;
}
