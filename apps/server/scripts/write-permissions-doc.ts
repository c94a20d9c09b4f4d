import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { renderPermissionsDoc } from '../src/permissions-doc.ts';

const target = resolve(import.meta.dirname, '../../../docs/permissions.md');
writeFileSync(target, renderPermissionsDoc());
console.log(`wrote ${target}`);
