import type { Notification } from '@roastery/contract';
import type { FloodState } from './alarm-flood.ts';
import type { NotificationContext } from './notification-context.ts';
import type { NotificationRow, TransitionRow } from './notification-repository.ts';
import { publishNotification } from './publish-notification.ts';
import type { RaiseNotification } from './raise-notification.ts';
import { transitionRow } from './transition-row.ts';

/** Raises written in one transaction at most; a longer burst takes several. */
const MAX_RAISE_BATCH = 500;

interface PendingRaise {
  n: RaiseNotification;
  /** When it was raised: its time in the database and in the flood window. */
  at: Date;
  resolve: (n: Notification | undefined) => void;
  reject: (error: unknown) => void;
}

/** Raising notifications: a burst waits its turn in the write queue whole, none is dropped. */
export class NotificationRaiser {
  readonly #ctx: NotificationContext;
  #raising: PendingRaise[] = [];

  constructor(ctx: NotificationContext) {
    this.#ctx = ctx;
  }

  /**
   * Records a notification and pushes it live; resolves to undefined when its source is already
   * active. Raises that arrive while others are being written are written together, in one
   * transaction, in the order they arrived: a burst costs a few statements, not a few per alarm.
   */
  raise(n: RaiseNotification): Promise<Notification | undefined> {
    return new Promise((resolve, reject) => {
      this.#raising.push({ n, at: this.#ctx.clock.now(), resolve, reject });
      if (this.#raising.length === 1) {
        // The batch's own promises carry its outcome.
        this.#ctx.writes.run(() => this.#writeRaises()).catch(() => undefined);
      }
    });
  }

  async #writeRaises(): Promise<void> {
    const { conditions } = this.#ctx;
    const batch = this.#raising.splice(0, MAX_RAISE_BATCH);
    // Raises that did not fit wait for the next write.
    if (this.#raising.length > 0) {
      this.#ctx.writes.run(() => this.#writeRaises()).catch(() => undefined);
    }
    try {
      await conditions.prepare();
      const rows = await this.#ctx.repo.transaction(async (repo) => {
        const plans = this.#planRaises(batch);
        const ids = await repo.insertUnlessActive(plans.flatMap((p) => (p ? [p] : [])));
        let next = 0;
        const created = plans.map((p) => (p ? ids[next++] : undefined));
        const transitions: TransitionRow[] = [];
        for (const [i, plan] of plans.entries()) {
          const id = created[i];
          if (plan && id !== undefined) {
            transitions.push(
              transitionRow(
                id,
                'raise',
                'normal',
                plan.suppression ?? 'unacknowledged',
                plan.createdAt,
              ),
            );
          }
        }
        await repo.recordTransitions(transitions);
        const found = await repo.findByIds(created.flatMap((id) => (id === undefined ? [] : [id])));
        return created.map((id) => (id === undefined ? undefined : found.get(id)));
      });
      let flood: FloodState | undefined;
      for (const [i, item] of batch.entries()) {
        const row = rows[i];
        if (row?.type === 'alarm' && !row.suppression) flood = conditions.alarmRaised(item.at);
        item.resolve(row && this.#raised(row, item));
      }
      // Once per batch: a burst is one flood event, not one per alarm.
      if (flood) conditions.floodUpdate(flood, true);
    } catch (error) {
      // What the batch assumed (links down) is read again from the database.
      conditions.forget();
      for (const item of batch) item.reject(error);
      throw error;
    }
  }

  /**
   * Each raise's row, in order, with its suppression; undefined for a raise whose source is
   * already raised earlier in the batch (the database refuses the others itself).
   */
  #planRaises(batch: PendingRaise[]) {
    const { conditions } = this.#ctx;
    const sources = new Set<string>();
    return batch.map(({ n, at }) => {
      if (n.source) {
        if (sources.has(n.source)) return undefined;
        sources.add(n.source);
      }
      const suppression = conditions.suppressionOf(n);
      conditions.raising(n);
      return {
        type: n.type,
        text: n.text,
        by: n.by,
        deviceId: n.deviceRef ?? null,
        source: n.source ?? null,
        code: n.code ?? null,
        createdAt: at,
        suppression,
      };
    });
  }

  /** A committed raise reaches the bell and the hub. */
  #raised(row: NotificationRow, { n, at }: PendingRaise): Notification {
    if (!row.suppression) this.#ctx.view.added(row);
    return publishNotification(this.#ctx.hub, row, at, { source: n.source ?? null });
  }
}
