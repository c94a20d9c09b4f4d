import { z } from 'zod';
import { idParams, int32, int32FromText } from './integers.ts';

export const notificationType = z.enum(['alarm', 'warning', 'other']);
export type NotificationType = z.infer<typeof notificationType>;

/** ISA-18.2 alarm states, as the screens show them. */
export const alarmState = z.enum([
  'normal',
  'unacknowledged',
  'acknowledged',
  'returned-unacknowledged',
  'shelved',
  'suppressed',
  'out-of-service',
]);
export type AlarmState = z.infer<typeof alarmState>;

export const notification = z.object({
  id: z.number().int(),
  type: notificationType,
  device_id: z.string().nullable(),
  d_id: z.number().int().nullable(),
  text: z.string(),
  by: z.string(),
  ack: z.boolean(),
  ackAt: z.string().nullable(),
  clearedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Seconds since it was raised. */
  timeDiff: z.number().int(),
  state: alarmState,
  /** The plant condition that raised it (an alarm source), or null for a one-off notice. */
  source: z.string().nullable(),
  shelvedUntil: z.string().nullable(),
  shelveReason: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const activeNotifications = z.object({
  count: z.number().int(),
  data: z.array(notification),
});
export type ActiveNotifications = z.infer<typeof activeNotifications>;

export const notificationIdParams = idParams('Notification');

export const notificationListQuery = z.strictObject({
  page: int32FromText().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(20),
  state: alarmState.optional(),
});
export const notificationPage = z.object({
  data: z.array(notification),
  currentPage: z.number().int(),
  totalPage: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

const reason = z
  .string()
  .trim()
  .min(1, 'Please give a reason.')
  .max(500, 'A reason is at most 500 characters.');

export const shelveAlarmBody = z.strictObject({
  /** How long the alarm stays shelved; at most the console's maximum shelve time. */
  minutes: int32().min(1, 'Shelve for at least 1 minute.'),
  reason,
});
export type ShelveAlarmBody = z.infer<typeof shelveAlarmBody>;

export const alarmSourceBody = z.strictObject({
  source: z.string().trim().min(1, 'Please name the alarm source.').max(200),
});
export const removeAlarmSourceBody = alarmSourceBody.extend({ reason });
export type RemoveAlarmSourceBody = z.infer<typeof removeAlarmSourceBody>;

export const alarmSourceOutOfService = z.object({
  source: z.string(),
  reason: z.string(),
  user_id: z.number().int().nullable(),
  at: z.string(),
});
export type AlarmSourceOutOfService = z.infer<typeof alarmSourceOutOfService>;

/** An alarm source a person may take out of service, alarmed or not: a device or the console's own. */
export const alarmSource = z.object({
  source: z.string(),
  /** What a person reads: the device's name and code, or what the console's source is. */
  label: z.string(),
});
export type AlarmSource = z.infer<typeof alarmSource>;

export const alarmTransition = z.object({
  id: z.number().int(),
  event: z.string(),
  from: alarmState,
  to: alarmState,
  user_id: z.number().int().nullable(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type AlarmTransition = z.infer<typeof alarmTransition>;

/** ISA-18.2's alarm flood: more alarms raised in the window than the threshold. */
export const alarmFlood = z.object({
  flooding: z.boolean(),
  /** Alarms raised within the window ending now. */
  count: z.number().int(),
  since: z.string().nullable(),
  threshold: z.number().int(),
  windowMinutes: z.number().int(),
});
export type AlarmFlood = z.infer<typeof alarmFlood>;

export const alarmSettings = z.object({
  /** The longest a person may shelve an alarm. */
  maxShelveMinutes: z.number().int(),
});
export type AlarmSettings = z.infer<typeof alarmSettings>;
