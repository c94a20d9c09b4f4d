import { globSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { tableOwners } from '../../../eslint-rules/table-owners.js';

const owners = JSON.parse(readFileSync('apps/server/table-owners.json', 'utf8')) as object;
const schemaTables = globSync('packages/db/src/schema/*.ts', { cwd: resolve('.') }).flatMap(
  (file) =>
    [...readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(/g)].map((m) => m[1]),
);

function lintAs(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.js'],
          plugins: { server: { rules: { 'table-owners': tableOwners } } },
          rules: { 'server/table-owners': 'error' },
        },
      ],
      resolve(file),
    )
    .map((message) => message.message);
}

describe('one owner per table', () => {
  it('names the owner of every table in the schema, and only tables', () => {
    expect(schemaTables.length).toBeGreaterThan(40);
    expect(Object.keys(owners).sort()).toEqual([...schemaTables].sort());
  });

  it('refuses a write to a table from another folder, and lets its owner and readers be', () => {
    const write = 'db.update(orders).set({ status: 1 }); db.select().from(orders);';
    expect(lintAs('apps/server/src/modules/order-runs/x.js', write)).toEqual([
      'src/modules/order-runs must not update orders: modules/orders owns it; call its service (docs/architecture.md).',
    ]);
    expect(lintAs('apps/server/src/modules/orders/x.js', write)).toEqual([]);
    expect(lintAs('apps/server/src/plant/runtime/x.js', 'tx.insert(devices).values([]);')).toEqual([
      'src/plant/runtime must not insert devices: modules/devices owns it; call its service (docs/architecture.md).',
    ]);
  });
});
