import { roleNames, roleIds } from '@roastery/contract';
import { permissions, type Access } from './permissions.ts';

function cell(access: Access, role: number): string {
  if (access === 'public' || access === 'signed-in') return 'yes';
  return access.some((r) => r === role) ? 'yes' : '-';
}

const pathOf = (key: string) => key.slice(key.indexOf(' ') + 1);

/** docs/permissions.md, rendered from the table the server enforces. */
export function renderPermissionsDoc(): string {
  const header = `| Route | Without sign-in | ${roleIds.map((r) => `${r} ${roleNames[r]}`).join(' | ')} |`;
  const rule = `|---|---|${roleIds.map(() => '---').join('|')}|`;
  const rows = Object.entries(permissions)
    .sort(([a], [b]) => pathOf(a).localeCompare(pathOf(b)) || a.localeCompare(b))
    .map(
      ([route, access]) =>
        `| \`${route}\` | ${access === 'public' ? 'yes' : '-'} | ${roleIds.map((r) => cell(access, r)).join(' | ')} |`,
    );
  return [
    '# Permissions',
    '',
    'Generated from `apps/server/src/permissions.ts` by `npm run docs:permissions`; a test fails',
    'when this file and the table differ, and when a registered route is missing from the table.',
    'The server enforces every row: no token gives 401, a role without access gives 403.',
    '',
    'Roles: 1 Administrator (everything, including users), 2 Supervisor (plant configuration',
    'and orders), 3 Operator (the dump screen, the dashboard and their own password).',
    '',
    header,
    rule,
    ...rows,
    '',
  ].join('\n');
}
