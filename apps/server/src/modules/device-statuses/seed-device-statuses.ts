import { deviceStatuses, type Executor } from '@roastery/db';

/** Writes status lights into an empty database. */
export async function seedDeviceStatuses(
  tx: Executor,
  statuses: (typeof deviceStatuses.$inferInsert)[],
): Promise<void> {
  await tx.insert(deviceStatuses).values(statuses);
}
