import { and, asc, eq, inArray } from 'drizzle-orm';
import { binaryCommands, deviceTypeCommands, inputCommands, type Database } from '@roastery/db';

export type BinaryCommandRow = typeof binaryCommands.$inferSelect;
export type InputCommandRow = typeof inputCommands.$inferSelect;

export class CommandRepository {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  binary(): Promise<BinaryCommandRow[]> {
    return this.#db.select().from(binaryCommands).orderBy(asc(binaryCommands.id));
  }

  input(): Promise<InputCommandRow[]> {
    return this.#db.select().from(inputCommands).orderBy(asc(inputCommands.id));
  }

  typeCommands() {
    return this.#db.select().from(deviceTypeCommands);
  }

  async idsOfType(typeId: number, kind: 'binary' | 'input'): Promise<number[]> {
    const rows = await this.#db
      .select({ id: deviceTypeCommands.commandId })
      .from(deviceTypeCommands)
      .where(and(eq(deviceTypeCommands.typeId, typeId), eq(deviceTypeCommands.kind, kind)));
    return rows.map((r) => r.id);
  }

  /** Replaces the type's commands of one kind. */
  async setTypeCommands(typeId: number, kind: 'binary' | 'input', ids: number[]): Promise<void> {
    await this.#db.transaction(async (tx) => {
      await tx
        .delete(deviceTypeCommands)
        .where(and(eq(deviceTypeCommands.typeId, typeId), eq(deviceTypeCommands.kind, kind)));
      if (ids.length) {
        await tx
          .insert(deviceTypeCommands)
          .values(ids.map((commandId) => ({ typeId, kind, commandId })));
      }
    });
  }

  async owners(kind: 'binary' | 'input', ids: number[]): Promise<Map<number, 'app' | 'plc'>> {
    if (!ids.length) return new Map();
    const table = kind === 'binary' ? binaryCommands : inputCommands;
    const rows = await this.#db
      .select({ id: table.id, owner: table.owner })
      .from(table)
      .where(inArray(table.id, ids));
    return new Map(rows.map((r) => [r.id, r.owner]));
  }
}
