import { transferLimitMessage, type TransferBin } from '@roastery/contract';
import { formatLbs } from '../../../lib/format-lbs.ts';

/**
 * The bins beans from source can go to: on the source's conveyor, not the source itself, and
 * never a re-entry bin (re-entry bins only give beans back).
 */
export function targetsFor(bins: readonly TransferBin[], source: TransferBin | undefined) {
  if (!source) return [];
  return bins.filter(
    (bin) => bin.id !== source.id && !bin.isReEntry && bin.conveyor_id === source.conveyor_id,
  );
}

/** The beans that would move: the chosen one from a re-entry bin, else all the source holds. */
export function movingBeanIds(source: TransferBin, beanId: number | undefined): number[] {
  if (source.isReEntry && beanId !== undefined) return [beanId];
  return source.beans.map((bean) => bean.bean_id);
}

/** Whether beans of one kind would land on another: both sides hold beans, not the same ones. */
export function beansDiffer(moving: readonly number[], target: TransferBin): boolean {
  const incoming = new Set(moving);
  const present = new Set(target.beans.map((bean) => bean.bean_id));
  if (incoming.size === 0 || present.size === 0) return false;
  return incoming.size !== present.size || [...incoming].some((id) => !present.has(id));
}

/** What the source can give: the chosen bean's weight for a re-entry bin, else all it holds. */
export function availableIn(source: TransferBin, beanId: number | undefined): number {
  if (!source.isReEntry || beanId === undefined) return source.currentWeight;
  return source.beans.find((bean) => bean.bean_id === beanId)?.lbs ?? 0;
}

/** The room left in a bin; a bin without a capacity takes anything. */
export function roomIn(target: TransferBin): number {
  return target.binCapacity === null
    ? Number.POSITIVE_INFINITY
    : target.binCapacity - target.currentWeight;
}

/**
 * The most a transfer can move, in hundredths rounded down so that it never asks for more than
 * the source holds or the target has room for; no target yet: what the source can give.
 */
export function maxTransferWeight(
  source: TransferBin,
  target: TransferBin | undefined,
  beanId: number | undefined,
): number {
  const limit = Math.min(
    availableIn(source, beanId),
    target ? roomIn(target) : Number.POSITIVE_INFINITY,
  );
  return Math.max(0, Math.floor(limit * 100 + 1e-6) / 100);
}

/** Why a weight above the most is refused: the server's words, so the form never clamps it. */
export function limitMessage(
  source: TransferBin,
  target: TransferBin | undefined,
  beanId: number | undefined,
): string {
  const room = target ? roomIn(target) : Number.POSITIVE_INFINITY;
  return transferLimitMessage({
    most: formatLbs(maxTransferWeight(source, target, beanId)),
    source: source.name,
    holds: formatLbs(availableIn(source, beanId)),
    ...(target && Number.isFinite(room)
      ? { room: { target: target.name, lbs: formatLbs(Math.max(0, room)) } }
      : {}),
  });
}
