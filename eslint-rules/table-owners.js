import { readFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';

/** Each table's one writer, by the name the schema exports it under (docs/architecture.md). */
const owners = JSON.parse(
  readFileSync(new URL('../apps/server/table-owners.json', import.meta.url), 'utf8'),
);

const WRITES = new Set(['insert', 'update', 'delete']);

/**
 * One owner per table: `db.insert(t)`, `db.update(t)` and `db.delete(t)` on a schema table may
 * appear only in the folder that owns it; another area calls the owner's service. The folder of
 * a server file is modules/<area>, plant/<part>, or its first directory.
 */
export const tableOwners = {
  meta: { type: 'problem', messages: { owner: '{{message}}' } },
  create(context) {
    const parts = relative(resolve('apps/server/src'), context.filename).split(sep);
    const from =
      parts[0] === 'modules' || parts[0] === 'plant' ? `${parts[0]}/${parts[1]}` : parts[0];
    return {
      CallExpression(node) {
        const { callee } = node;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        const write = callee.property.name;
        const [table] = node.arguments;
        if (!WRITES.has(write) || node.arguments.length !== 1 || table.type !== 'Identifier') {
          return;
        }
        const owner = owners[table.name];
        if (owner === undefined || owner === from) return;
        context.report({
          node,
          messageId: 'owner',
          data: {
            message: `src/${from} must not ${write} ${table.name}: ${owner} owns it; call its service (docs/architecture.md).`,
          },
        });
      },
    };
  },
};
