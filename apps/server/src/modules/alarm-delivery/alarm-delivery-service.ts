import type {
  AlarmAckLink,
  AlarmDelivery,
  AlarmDeliverySettings,
  AlarmDeliverySettingsBody,
  AlarmFlood,
  Notification,
} from '@roastery/contract';
import { badRequest } from '../../lib/http-errors.ts';
import type { ConfigChanged } from '../../plant/hub/config-changes.ts';
import { alarmState } from '../notifications/alarm-state.ts';
import { AckLinks, gone } from './ack-links.ts';
import type { AlarmDeliveryRepository, DeliveryRow } from './alarm-delivery-repository.ts';
import type { DeliveryContext } from './delivery-context.ts';
import {
  NO_DELIVERY,
  nextSettings,
  presentSettings,
  storedSettings,
  type StoredSettings,
} from './delivery-settings.ts';
import { EmailSender } from './email-sender.ts';
import { deliveriesFor } from './schedule-deliveries.ts';
import { sendDue } from './send-due.ts';
import { postWebhook } from './webhook-sender.ts';

export interface AlarmDeliveryDeps {
  repo: AlarmDeliveryRepository;
  linkKey: string;
  now: () => Date;
  /** The notifications area: its flood watch and the console's acknowledgement. */
  notifications: {
    flood(): Promise<AlarmFlood>;
    acknowledge(id: number, userId: number): Promise<Notification>;
  };
  /** Tells the events log (and the other instances) that a person saved the settings. */
  configChanged: ConfigChanged;
  /** The audit chain, told who acknowledged by link. */
  audit: { record(entry: AuditEntry): void };
  onError: (err: unknown) => void;
}

interface AuditEntry {
  userId: number;
  userName: string;
  address: string | null;
  category: string;
  action: string;
  target: string;
  result: string;
}

function presentDelivery(row: DeliveryRow): AlarmDelivery {
  return {
    id: row.id,
    notification_id: row.notificationId,
    pipeline: row.pipeline,
    kind: row.kind,
    step: row.step,
    due_at: row.dueAt.toISOString(),
    status: row.status,
    attempts: row.attempts,
    detail: row.detail,
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/**
 * Alarm messages by e-mail and webhook. Alarm events only schedule rows in the outbox (the
 * raising path never waits for a message); `sendDue`, run on a timer, sends what is due.
 */
export class AlarmDeliveryService {
  readonly #d: AlarmDeliveryDeps;
  readonly #ctx: DeliveryContext;
  #settings: Promise<StoredSettings> | undefined;
  readonly #pending = new Set<Promise<void>>();
  #sending: Promise<number> | undefined;

  constructor(deps: AlarmDeliveryDeps) {
    this.#d = deps;
    this.#ctx = {
      repo: deps.repo,
      links: new AckLinks(deps.linkKey, deps.repo),
      email: new EmailSender(),
      now: deps.now,
      settings: () => this.#stored(),
      flood: () => deps.notifications.flood(),
      postWebhook,
    };
  }

  async settings(): Promise<AlarmDeliverySettings> {
    const row = await this.#d.repo.settings();
    return presentSettings(await this.#stored(), row.updatedBy, row.updatedAt);
  }

  async save(body: AlarmDeliverySettingsBody, by: string): Promise<AlarmDeliverySettings> {
    const before = await this.#stored();
    const ids = body.pipelines.flatMap((p) => p.roster.map((r) => r.user_id));
    const next = nextSettings(body, before, await this.#d.repo.people(ids));
    await this.#d.repo.saveSettings(next, by, this.#d.now());
    this.forgetSettings();
    this.#d.configChanged({
      area: 'alarm-delivery',
      action: 'edited',
      target: 'Alarm messages',
      by,
    });
    return this.settings();
  }

  /** The settings are read again on next use: another instance saved new ones. */
  forgetSettings(): void {
    this.#settings = undefined;
  }

  async deliveries(limit: number): Promise<AlarmDelivery[]> {
    return (await this.#d.repo.recent(limit)).map(presentDelivery);
  }

  /**
   * Told of each committed alarm change; schedules its messages without holding the caller.
   * A message due at once is sent at once rather than at the next round of the timer.
   */
  alarmChanged(notification: Notification, raised: boolean): void {
    const work = this.#stored()
      .then(async (s) => {
        const now = this.#d.now();
        const rows = deliveriesFor(s.pipelines, notification, raised, now);
        await this.#d.repo.schedule(rows);
        if (rows.some((r) => r.dueAt.getTime() <= now.getTime())) {
          this.sendDue().catch(this.#d.onError);
        }
      })
      .catch(this.#d.onError)
      .finally(() => this.#pending.delete(work));
    this.#pending.add(work);
  }

  /** Resolves once every alarm change told so far is in the outbox. */
  async settled(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }

  /** Sends what is due; a call while one runs waits for it and then runs once more. */
  sendDue(): Promise<number> {
    const run = (this.#sending ?? Promise.resolve(0)).catch(() => 0).then(() => sendDue(this.#ctx));
    this.#sending = run;
    return run;
  }

  /** What the page behind a link shows before the person confirms. */
  async link(token: string): Promise<AlarmAckLink> {
    const now = this.#d.now();
    const claims = await this.#ctx.links.check(token, now);
    const alarm = await this.#d.repo.alarm(claims.notificationId);
    const person = (await this.#d.repo.people([claims.userId])).get(claims.userId);
    if (!alarm || !person) throw gone('The alarm or the person of this link no longer exists.');
    return {
      notification_id: alarm.id,
      text: alarm.text,
      state: alarmState(
        {
          active: alarm.clearedAt === null,
          acknowledged: alarm.ack,
          shelvedUntil: alarm.shelvedUntil,
          suppression: alarm.suppression,
        },
        now,
      ),
      user_name: person.fullName,
      expires_at: claims.expiresAt.toISOString(),
    };
  }

  /**
   * Acknowledges as the person the link was sent to, through the console's own acknowledgement;
   * the link is spent first, so two uses at once acknowledge once.
   */
  async acknowledgeByLink(token: string, address: string | null): Promise<Notification> {
    const now = this.#d.now();
    const claims = await this.#ctx.links.check(token, now);
    const person = (await this.#d.repo.people([claims.userId])).get(claims.userId);
    if (!person) throw badRequest('The person of this link no longer exists.');
    if (!(await this.#d.repo.useLink(claims.jti, now))) {
      throw gone('This acknowledgement link has already been used.');
    }
    const notification = await this.#d.notifications.acknowledge(
      claims.notificationId,
      claims.userId,
    );
    this.#d.audit.record({
      userId: claims.userId,
      userName: person.username,
      address,
      category: 'notification',
      action: 'acknowledged by link',
      target: `id=${claims.notificationId}`,
      result: '200 OK',
    });
    return notification;
  }

  close(): void {
    this.#ctx.email.close();
  }

  #stored(): Promise<StoredSettings> {
    this.#settings ??= this.#d.repo.settings().then((row) => {
      if (row.config === null) return NO_DELIVERY;
      return storedSettings.parse(row.config);
    });
    // A failed read is tried again on the next call rather than remembered.
    this.#settings.catch(() => {
      this.#settings = undefined;
    });
    return this.#settings;
  }
}
