import { z } from 'zod';
import { int32 } from './integers.ts';
import { notificationType } from './notifications.ts';

/** A time of day, HH:MM on a 24-hour clock. */
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time is HH:MM, 00:00 to 23:59.');

/** The SMTP server messages are sent through; the password is written, never read back. */
export const smtpTransportBody = z.object({
  host: z.string().trim().min(1).max(253),
  port: z.number().int().min(1).max(65535),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean(),
  user: z.string().max(200).nullable(),
  /** Omitted or null keeps the stored password; an empty string removes it. */
  password: z.string().max(500).nullable().optional(),
  from: z.email(),
});
export type SmtpTransportBody = z.infer<typeof smtpTransportBody>;

export const smtpTransport = smtpTransportBody
  .omit({ password: true })
  .extend({ password_set: z.boolean() });
export type SmtpTransport = z.infer<typeof smtpTransport>;

/** One person of an on-call roster, in the order they are called. */
export const rosterEntry = z.object({
  user_id: int32().positive(),
  email: z.email(),
});
export type RosterEntry = z.infer<typeof rosterEntry>;

/** A window in which only alarms of the top priority go out. */
export const quietHours = z.object({
  start: timeOfDay,
  end: timeOfDay,
  /** An IANA time zone, such as Europe/Zurich. */
  time_zone: z.string().min(1).max(64),
});
export type QuietHours = z.infer<typeof quietHours>;

const pipelineFields = {
  name: z.string().trim().min(1).max(80),
  enabled: z.boolean(),
  /** Alarms of this priority and above: alarm > warning > other. */
  minimum_priority: notificationType,
  /** Device codes whose alarms go through this pipeline; empty for every source. */
  devices: z.array(z.string().trim().min(1).max(64)).max(200),
  channel: z.enum(['email', 'webhook']),
  webhook_url: z.url({ protocol: /^https?$/ }).nullable(),
  delay_seconds: z.number().int().min(0).max(86_400),
  roster: z.array(rosterEntry).max(20),
  /** The next person of the roster is told when the alarm is still unacknowledged after this. */
  escalate_after_minutes: z.number().int().min(1).max(1440).nullable(),
  notify_on_return: z.boolean(),
  quiet_hours: quietHours.nullable(),
};

export const alarmPipelineBody = z.object({
  ...pipelineFields,
  /** Signs each webhook body; omitted or null keeps the stored one. */
  webhook_secret: z.string().min(16).max(200).nullable().optional(),
});
export type AlarmPipelineBody = z.infer<typeof alarmPipelineBody>;

export const alarmPipeline = z.object({ ...pipelineFields, webhook_secret_set: z.boolean() });
export type AlarmPipeline = z.infer<typeof alarmPipeline>;

export const alarmDeliverySettingsBody = z.object({
  /** The console's address as people reach it, for the acknowledgement links. */
  console_url: z.url({ protocol: /^https?$/ }).nullable(),
  smtp: smtpTransportBody.nullable(),
  pipelines: z.array(alarmPipelineBody).max(50),
});
export type AlarmDeliverySettingsBody = z.infer<typeof alarmDeliverySettingsBody>;

export const alarmDeliverySettings = z.object({
  console_url: z.string().nullable(),
  smtp: smtpTransport.nullable(),
  pipelines: z.array(alarmPipeline),
  updated_by: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type AlarmDeliverySettings = z.infer<typeof alarmDeliverySettings>;

export const alarmDeliveryKind = z.enum(['raised', 'escalation', 'returned', 'flood']);
export type AlarmDeliveryKind = z.infer<typeof alarmDeliveryKind>;

export const alarmDeliveryStatus = z.enum(['pending', 'sent', 'skipped', 'failed']);
export type AlarmDeliveryStatus = z.infer<typeof alarmDeliveryStatus>;

/** One message due or done, as the outbox holds it. */
export const alarmDelivery = z.object({
  id: z.number().int(),
  notification_id: z.number().int().nullable(),
  pipeline: z.string(),
  kind: alarmDeliveryKind,
  /** The roster position it goes to (0 first). */
  step: z.number().int(),
  due_at: z.string(),
  status: alarmDeliveryStatus,
  attempts: z.number().int(),
  /** Why it was skipped, or the last attempt's error. */
  detail: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type AlarmDelivery = z.infer<typeof alarmDelivery>;

export const alarmDeliveryList = z.array(alarmDelivery);

/** The signed single-use link of a message. */
export const alarmAckToken = z.object({ token: z.string().min(20).max(2000) });
export type AlarmAckToken = z.infer<typeof alarmAckToken>;

/** What a person sees before acknowledging by link. */
export const alarmAckLink = z.object({
  notification_id: z.number().int(),
  text: z.string(),
  state: z.string(),
  user_name: z.string(),
  expires_at: z.string(),
});
export type AlarmAckLink = z.infer<typeof alarmAckLink>;
