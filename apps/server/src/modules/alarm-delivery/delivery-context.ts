import type { AlarmFlood } from '@roastery/contract';
import type { AckLinks } from './ack-links.ts';
import type { AlarmDeliveryRepository } from './alarm-delivery-repository.ts';
import type { StoredSettings } from './delivery-settings.ts';
import type { EmailSender } from './email-sender.ts';

/** What the delivery use cases share. */
export interface DeliveryContext {
  readonly repo: AlarmDeliveryRepository;
  readonly links: AckLinks;
  readonly email: EmailSender;
  /** The alarm clock: delays, escalations and link expiry follow it. */
  readonly now: () => Date;
  /** The settings as stored, read once and again after each save. */
  readonly settings: () => Promise<StoredSettings>;
  /** The notifications area's flood watch, asked when a message is due. */
  readonly flood: () => Promise<AlarmFlood>;
  readonly postWebhook: (url: string, secret: string, body: object) => Promise<void>;
}
