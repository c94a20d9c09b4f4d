import { z } from 'zod';
import { idParams, int32FromText } from './integers.ts';

export const notificationType = z.enum(['alarm', 'warning', 'other']);
export type NotificationType = z.infer<typeof notificationType>;

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
});
export const notificationPage = z.object({
  data: z.array(notification),
  currentPage: z.number().int(),
  totalPage: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
