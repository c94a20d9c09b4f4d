import { transferRoutes, type Executor } from '@roastery/db';

/** Writes each transfer conveyor's numbered routes (the bins it can fill) into an empty database. */
export async function seedTransferRoutes(
  tx: Executor,
  routes: Record<string, readonly string[]>,
  idOf: (code: string) => number,
): Promise<void> {
  await tx.insert(transferRoutes).values(
    Object.entries(routes).flatMap(([conveyor, bins]) =>
      bins.map((code, index) => ({
        conveyorDevice: idOf(conveyor),
        routeNo: index + 1,
        device: idOf(code),
      })),
    ),
  );
}
