import type {
  ActiveNotifications,
  AlarmFlood,
  AlarmSource,
  AlarmSourceOutOfService,
  AlarmTransition,
  AlarmState,
  Notification,
  NotificationType,
  RemoveAlarmSourceBody,
  ShelveAlarmBody,
} from '@roastery/contract';
import { conflict, notFound, unprocessable } from '../../lib/http-errors.ts';
import type { EventHub } from '../../plant/hub/event-hub.ts';
import { ACTIVE_LIMIT, ActiveNotificationsView } from './active-notifications.ts';
import { FLOOD_THRESHOLD, FLOOD_WINDOW_MS, FloodDetector, type FloodState } from './alarm-flood.ts';
import {
  applyAlarmEvent,
  isAnnunciated,
  type AlarmEvent,
  type Suppression,
} from './alarm-state.ts';
import type {
  NotificationRepository,
  NotificationRow,
  TransitionRow,
} from './notification-repository.ts';
import { alarmRecordOf, presentNotification } from './present-notification.ts';

export interface RaiseNotification {
  type: NotificationType;
  text: string;
  by: string;
  deviceRef?: number | null;
  /** A lasting condition (an alarm code, a lost link): raised once until cleared. */
  source?: string;
  code?: number;
}

/** The time as the alarm rules see it; tests drive it. */
export interface AlarmClock {
  now(): Date;
}

export interface AlarmOptions {
  clock?: AlarmClock;
  /** The longest a person may shelve an alarm (ISA-18.2's maximum shelve time). */
  maxShelveMs?: number;
  /**
   * Sources whose active alarm means the plant cannot be read or reached (the PLC link, the
   * gateway). While one is active, notifications naming a device are suppressed by design: the
   * link alarm already says why, and a flood of consequences would hide it.
   */
  linkSources?: readonly string[];
  /**
   * Every source that can raise an alarm (each device's and the console's own): one may be taken
   * out of service before it ever alarmed, as a technician does before working on a device.
   */
  sources?: () => Promise<AlarmSource[]>;
}

export const DEFAULT_MAX_SHELVE_MS = 8 * 3_600_000;

/** Raises written in one transaction at most; a longer burst takes several. */
const MAX_RAISE_BATCH = 500;

interface PendingRaise {
  n: RaiseNotification;
  /** When it was raised: its time in the database and in the flood window. */
  at: Date;
  resolve: (n: Notification | undefined) => void;
  reject: (error: unknown) => void;
}

const systemClock: AlarmClock = { now: () => new Date() };

/**
 * Notifications (the plant's alarms), their ISA-18.2 states, the flood watch and the bell's
 * reply (`active`) kept in memory. This service is the only writer of notifications, so it brings
 * the view up to date in the same step as each committed change. Its writes run one at a time,
 * together with the view's loads: a change is applied to the view in the order it was committed,
 * and a load never installs rows older than a change after it. The queue is also what keeps a
 * burst of raises whole: each waits its turn, none is dropped.
 */
export class NotificationService {
  readonly #repo: NotificationRepository;
  readonly #hub: EventHub;
  readonly #clock: AlarmClock;
  readonly #maxShelveMs: number;
  readonly #linkSources: ReadonlySet<string>;
  readonly #sources: () => Promise<AlarmSource[]>;
  readonly #view = new ActiveNotificationsView();
  readonly #flood = new FloodDetector();
  #floodState: FloodState = { flooding: false, count: 0, since: null };
  #outOfService = new Set<string>();
  #linksDown = new Set<string>();
  #prepared = false;
  #raising: PendingRaise[] = [];
  #writes: Promise<unknown> = Promise.resolve();

  constructor(repo: NotificationRepository, hub: EventHub, options: AlarmOptions = {}) {
    this.#repo = repo;
    this.#hub = hub;
    this.#clock = options.clock ?? systemClock;
    this.#maxShelveMs = options.maxShelveMs ?? DEFAULT_MAX_SHELVE_MS;
    this.#linkSources = new Set(options.linkSources ?? []);
    this.#sources = options.sources ?? (() => Promise.resolve([]));
    // Deleting a device clears the device on its notifications in the database, not in the view.
    hub.subscribe('device-removed', () => this.invalidate());
    // What another instance raised, acknowledged or cleared is read again from the database.
    const elsewhere = { from: 'other-instances' } as const;
    hub.subscribe('notification', () => this.invalidate(), elsewhere);
    hub.subscribe('notifications-acknowledged', () => this.invalidate(), elsewhere);
  }

  get maxShelveMinutes(): number {
    return Math.floor(this.#maxShelveMs / 60_000);
  }

  /**
   * Records a notification and pushes it live; resolves to undefined when its source is already
   * active. Raises that arrive while others are being written are written together, in one
   * transaction, in the order they arrived: a burst costs a few statements, not a few per alarm.
   */
  raise(n: RaiseNotification): Promise<Notification | undefined> {
    return new Promise((resolve, reject) => {
      this.#raising.push({ n, at: this.#clock.now(), resolve, reject });
      if (this.#raising.length === 1) {
        // The batch's own promises carry its outcome.
        this.#write(() => this.#writeRaises()).catch(() => undefined);
      }
    });
  }

  async #writeRaises(): Promise<void> {
    const batch = this.#raising.splice(0, MAX_RAISE_BATCH);
    // Raises that did not fit wait for the next write.
    if (this.#raising.length > 0) this.#write(() => this.#writeRaises()).catch(() => undefined);
    try {
      await this.#prepare();
      const rows = await this.#repo.transaction(async (repo) => {
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
        if (row?.type === 'alarm' && !row.suppression) flood = this.#flood.record(item.at);
        item.resolve(row && this.#raised(row, item));
      }
      // Once per batch: a burst is one flood event, not one per alarm.
      if (flood) this.#floodUpdate(flood, true);
    } catch (error) {
      // What the batch assumed (links down) is read again from the database.
      this.#prepared = false;
      for (const item of batch) item.reject(error);
      throw error;
    }
  }

  /**
   * Each raise's row, in order, with its suppression; undefined for a raise whose source is
   * already raised earlier in the batch (the database refuses the others itself).
   */
  #planRaises(batch: PendingRaise[]) {
    const sources = new Set<string>();
    return batch.map(({ n, at }) => {
      if (n.source) {
        if (sources.has(n.source)) return undefined;
        sources.add(n.source);
      }
      const suppression = this.#suppressionOf(n);
      if (n.source && this.#linkSources.has(n.source)) this.#linksDown.add(n.source);
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
    if (!row.suppression) this.#view.added(row);
    return this.#publish(row, at, { source: n.source ?? null });
  }

  #suppressionOf(n: RaiseNotification): Suppression | null {
    if (n.source && this.#outOfService.has(n.source)) return 'out-of-service';
    const consequence = !n.source || !this.#linkSources.has(n.source);
    if (consequence && n.deviceRef != null && this.#linksDown.size > 0) return 'suppressed';
    return null;
  }

  /** The plant condition behind a source ended: the notification stays until acknowledged. */
  clear(source: string): Promise<void> {
    return this.#write(async () => {
      const now = this.#clock.now();
      this.#linksDown.delete(source);
      await this.#repo
        .transaction(async (repo) => {
          const transitions: TransitionRow[] = [];
          const rows: NotificationRow[] = [];
          for (const id of await repo.clearSource(source, now)) {
            const row = await repo.findById(id);
            if (!row) continue;
            rows.push(row);
            const before = { ...alarmRecordOf(row), active: true };
            const t = applyAlarmEvent(before, { type: 'clear' }, now);
            if (t.ok) transitions.push(transitionRow(id, 'clear', t.from, t.to, now));
          }
          await repo.recordTransitions(transitions);
          return rows;
        })
        .then((rows) => {
          for (const row of rows) {
            this.#view.changed(row);
            this.#publish(row, now);
          }
        });
    });
  }

  /** The code of the still-active notification of a source, if any. */
  activeCode(source: string): Promise<number | undefined> {
    return this.#repo.activeCode(source);
  }

  /** The bell: answered from memory once loaded. */
  async active(): Promise<ActiveNotifications> {
    if (!this.#view.loaded) {
      await this.#write(async () => {
        if (this.#view.loaded) return;
        const readAt = this.#view.generation;
        const [rows, count] = await Promise.all([
          this.#repo.unacknowledged(ACTIVE_LIMIT),
          this.#repo.countUnacknowledged(),
        ]);
        this.#view.load(rows, count, readAt);
      });
    }
    return this.#view.reply(this.#clock.now().getTime());
  }

  /**
   * Drops the bell's view, to be loaded again on the next call: the entry point for changes this
   * service did not make, such as another server instance's, which a transport between
   * instances would deliver through the hub as notification events.
   */
  invalidate(): void {
    this.#view.invalidate();
  }

  async unseen(): Promise<Notification[]> {
    const now = this.#clock.now();
    return (await this.#repo.unseen()).map((r) => presentNotification(r, now));
  }

  async page(page: number, limit: number, state?: AlarmState) {
    const [rows, total] = await Promise.all([
      this.#repo.page(page, limit, state),
      this.#repo.total(state),
    ]);
    const now = this.#clock.now();
    return {
      data: rows.map((r) => presentNotification(r, now)),
      currentPage: page,
      totalPage: Math.max(1, Math.ceil(total / limit)),
      limit,
      total,
    };
  }

  /** Acknowledging twice is harmless: the second answers the notification as it is. */
  acknowledge(id: number, userId: number): Promise<Notification> {
    return this.#write(async () => {
      const now = this.#clock.now();
      const row = await this.#repo.findById(id);
      if (!row) throw notFound('Notification not found.');
      const record = alarmRecordOf(row);
      const t = applyAlarmEvent(record, { type: 'acknowledge' }, now);
      if (!t.ok) return presentNotification(row, now);
      const changed = await this.#repo.transaction(async (repo) => {
        if (!(await repo.acknowledge(id, userId, now))) return undefined;
        await repo.recordTransitions([transitionRow(id, 'acknowledge', t.from, t.to, now, userId)]);
        return repo.findById(id);
      });
      if (!changed) return presentNotification((await this.#repo.findById(id)) ?? row, now);
      if (isAnnunciated(record, now)) this.#view.acknowledged(id);
      return this.#publish(changed, now);
    });
  }

  /** Acknowledges every alarm the bell shows. */
  acknowledgeAll(userId: number): Promise<number> {
    return this.#write(async () => {
      const now = this.#clock.now();
      const rows = await this.#repo.transaction(async (repo) => {
        const acknowledged = await repo.acknowledgeAll(userId, now);
        await repo.recordTransitions(
          acknowledged.map((r) =>
            transitionRow(
              r.id,
              'acknowledge',
              r.clearedAt ? 'returned-unacknowledged' : 'unacknowledged',
              r.clearedAt ? 'normal' : 'acknowledged',
              now,
              userId,
            ),
          ),
        );
        return acknowledged;
      });
      this.#view.acknowledgedAll();
      if (rows.length > 0)
        this.#hub.publish({ type: 'notifications-acknowledged', count: rows.length });
      return rows.length;
    });
  }

  /** Only the push list reads when a notification was shown, so the bell's view stays as it is. */
  async markSeen(id: number): Promise<void> {
    if (!(await this.#repo.markSeen(id))) throw notFound('Notification not found.');
  }

  /** A person shelves an alarm for a while, with a reason; it comes back by itself at the end. */
  shelve(id: number, body: ShelveAlarmBody, userId: number): Promise<Notification> {
    if (body.minutes * 60_000 > this.#maxShelveMs) {
      return Promise.reject(
        unprocessable(`An alarm can be shelved for at most ${this.maxShelveMinutes} minutes.`),
      );
    }
    return this.#change(id, userId, body.reason, (now) => ({
      event: { type: 'shelve', until: new Date(now.getTime() + body.minutes * 60_000) },
      fields: (record) => ({
        shelvedUntil: record.shelvedUntil,
        shelvedBy: userId,
        shelveReason: body.reason,
      }),
    }));
  }

  unshelve(id: number, userId: number): Promise<Notification> {
    return this.#change(id, userId, null, () => ({
      event: { type: 'unshelve' },
      fields: () => ({ shelvedUntil: null, shelvedBy: null, shelveReason: null }),
    }));
  }

  /** One alarm's event, written with its transition; the bell is loaded again after it. */
  #change(
    id: number,
    userId: number | null,
    reason: string | null,
    plan: (now: Date) => {
      event: AlarmEvent;
      fields: (
        record: ReturnType<typeof alarmRecordOf>,
      ) => Parameters<NotificationRepository['updateAlarm']>[1];
    },
  ): Promise<Notification> {
    return this.#write(async () => {
      const now = this.#clock.now();
      const row = await this.#repo.findById(id);
      if (!row) throw notFound('Notification not found.');
      const { event, fields } = plan(now);
      const t = applyAlarmEvent(alarmRecordOf(row), event, now);
      if (!t.ok) throw conflict(t.reason);
      const changed = await this.#repo.transaction(async (repo) => {
        await repo.updateAlarm(id, fields(t.record));
        await repo.recordTransitions([
          transitionRow(id, event.type, t.from, t.to, now, userId, reason),
        ]);
        return repo.findById(id);
      });
      this.#view.invalidate();
      return this.#publish(changed ?? row, now);
    });
  }

  /**
   * What time alone changes: shelves that ran out come back, and a flood ends once the rate has
   * fallen. Run on a timer; tests call it after moving their clock.
   */
  sweep(): Promise<void> {
    return this.#write(async () => {
      await this.#prepare();
      const now = this.#clock.now();
      const ended = await this.#repo.shelveEnded(now);
      for (const row of ended) {
        const t = applyAlarmEvent(alarmRecordOf(row), { type: 'shelve-expired' }, now);
        if (!t.ok) continue;
        const changed = await this.#repo.transaction(async (repo) => {
          await repo.updateAlarm(row.id, {
            shelvedUntil: null,
            shelvedBy: null,
            shelveReason: null,
          });
          await repo.recordTransitions([
            transitionRow(
              row.id,
              'shelve-expired',
              t.from,
              t.to,
              now,
              null,
              'The shelve time ended.',
            ),
          ]);
          return repo.findById(row.id);
        });
        this.#publish(changed ?? row, now);
      }
      if (ended.length > 0) this.#view.invalidate();
      this.#floodUpdate(this.#flood.at(now), false);
    });
  }

  /** The sources a person may take out of service, whether or not they ever alarmed. */
  sources(): Promise<AlarmSource[]> {
    return this.#sources();
  }

  /**
   * A supervisor takes an alarm source out of service: its alarms are recorded, not annunciated.
   * A source that never alarmed may be too, when the plant has it (a device, the console's own).
   */
  removeFromService(body: RemoveAlarmSourceBody, userId: number): Promise<number> {
    return this.#write(async () => {
      await this.#prepare();
      const now = this.#clock.now();
      const known =
        (await this.#repo.sourceKnown(body.source)) ||
        (await this.#sources()).some((s) => s.source === body.source);
      if (!known) {
        throw notFound(
          `There is no alarm source ${body.source}: name a device's source (alarm:<device code>) or one of the console's.`,
        );
      }
      const changed = await this.#repo.transaction(async (repo) => {
        if (!(await repo.removeFromService(body.source, body.reason, userId, now))) {
          throw conflict('The alarm source is already out of service.');
        }
        return this.#applyToSource(
          repo,
          await repo.openOfSource(body.source),
          now,
          userId,
          body.reason,
          {
            event: { type: 'remove-from-service' },
            fields: {
              suppression: 'out-of-service',
              shelvedUntil: null,
              shelvedBy: null,
              shelveReason: null,
            },
          },
        );
      });
      this.#outOfService.add(body.source);
      this.#view.invalidate();
      for (const row of changed) this.#publish(row, now);
      return changed.length;
    });
  }

  returnToService(source: string, userId: number): Promise<number> {
    return this.#write(async () => {
      await this.#prepare();
      const now = this.#clock.now();
      const changed = await this.#repo.transaction(async (repo) => {
        if (!(await repo.returnToService(source))) {
          throw notFound('The alarm source is not out of service.');
        }
        return this.#applyToSource(
          repo,
          await repo.rowsOfSourceOutOfService(source),
          now,
          userId,
          null,
          {
            event: { type: 'return-to-service' },
            fields: { suppression: null },
          },
        );
      });
      this.#outOfService.delete(source);
      this.#view.invalidate();
      for (const row of changed) this.#publish(row, now);
      return changed.length;
    });
  }

  async #applyToSource(
    repo: NotificationRepository,
    rows: NotificationRow[],
    now: Date,
    userId: number,
    reason: string | null,
    change: { event: AlarmEvent; fields: Parameters<NotificationRepository['updateAlarm']>[1] },
  ): Promise<NotificationRow[]> {
    const changed: NotificationRow[] = [];
    for (const row of rows) {
      const t = applyAlarmEvent(alarmRecordOf(row), change.event, now);
      if (!t.ok) continue;
      await repo.updateAlarm(row.id, change.fields);
      await repo.recordTransitions([
        transitionRow(row.id, change.event.type, t.from, t.to, now, userId, reason),
      ]);
      changed.push((await repo.findById(row.id)) ?? row);
    }
    return changed;
  }

  async outOfService(): Promise<AlarmSourceOutOfService[]> {
    return (await this.#repo.outOfService()).map((r) => ({
      source: r.source,
      reason: r.reason,
      user_id: r.userId,
      at: r.at.toISOString(),
    }));
  }

  async history(id: number): Promise<AlarmTransition[]> {
    if (!(await this.#repo.findById(id))) throw notFound('Notification not found.');
    return (await this.#repo.history(id)).map((r) => ({
      id: r.id,
      event: r.event,
      from: r.fromState as AlarmState,
      to: r.toState as AlarmState,
      user_id: r.userId,
      reason: r.reason,
      at: r.at.toISOString(),
    }));
  }

  async flood(): Promise<AlarmFlood> {
    // Once loaded, the window is in memory: a read does not wait behind a burst of raises.
    if (!this.#prepared) await this.#write(() => this.#prepare());
    const state = this.#flood.at(this.#clock.now());
    return {
      flooding: state.flooding,
      count: state.count,
      since: state.since?.toISOString() ?? null,
      threshold: FLOOD_THRESHOLD,
      windowMinutes: FLOOD_WINDOW_MS / 60_000,
    };
  }

  /** Loads what the rules need from the database once: out-of-service sources, links, the window. */
  async #prepare(): Promise<void> {
    if (this.#prepared) return;
    const now = this.#clock.now();
    const [outOfService, linksDown, raised] = await Promise.all([
      this.#repo.outOfService(),
      this.#repo.activeSources([...this.#linkSources]),
      this.#repo.alarmsRaisedSince(new Date(now.getTime() - FLOOD_WINDOW_MS)),
    ]);
    this.#outOfService = new Set(outOfService.map((r) => r.source));
    this.#linksDown = new Set(linksDown);
    this.#floodState = this.#flood.load(raised, now);
    this.#prepared = true;
  }

  /** Publishes the flood when it starts or ends, and its count at each new raise while it lasts. */
  #floodUpdate(state: FloodState, raised: boolean): void {
    const was = this.#floodState;
    this.#floodState = state;
    if (state.flooding === was.flooding && !(state.flooding && raised)) return;
    this.#hub.publish({
      type: 'alarm-flood',
      flooding: state.flooding,
      count: state.count,
      since: state.since?.toISOString() ?? null,
    });
  }

  #publish(row: NotificationRow, now: Date, raised?: { source: string | null }): Notification {
    const notification = presentNotification(row, now);
    this.#hub.publish({ type: 'notification', notification, ...(raised ? { raised } : {}) });
    return notification;
  }

  /**
   * Runs a write (or a load of the view) after the ones before it. A write that fails may have
   * committed before it failed, so the view is loaded again rather than trusted.
   */
  #write<T>(work: () => Promise<T>): Promise<T> {
    const done = this.#writes.then(work).catch((error: unknown) => {
      this.#view.invalidate();
      throw error;
    });
    this.#writes = done.catch(() => undefined);
    return done;
  }
}

function transitionRow(
  notificationId: number,
  event: string,
  from: AlarmState,
  to: AlarmState,
  at: Date,
  userId: number | null = null,
  reason: string | null = null,
): TransitionRow {
  return { notificationId, event, fromState: from, toState: to, at, userId, reason };
}
