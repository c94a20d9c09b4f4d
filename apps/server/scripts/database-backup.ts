import { resolve } from 'node:path';
import { backupDatabase, restoreDatabase, type BackupTarget } from '@roastery/db';
import { loadConfig } from '../src/config.ts';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>`: the database the console is
 * configured with (DATABASE_URL, else the embedded one in DATA_DIR), read from the same
 * environment as `npm start`.
 */
const [command, file] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file) {
  console.error('Usage: npm run backup -- <file>   or   npm run restore -- <file>');
  process.exit(2);
}

try {
  const config = loadConfig(process.env);
  const target: BackupTarget = config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
  const where = target.kind === 'postgres' ? 'the PostgreSQL database' : target.dataDir;
  const path = resolve(file);
  if (command === 'backup') {
    await backupDatabase(target, path);
    console.log(`Backed up ${where} to ${path}`);
  } else {
    const { previous } = await restoreDatabase(target, path);
    console.log(`Restored ${where} from ${path}`);
    if (previous)
      console.log(`The files it replaced are in ${previous}; delete them once satisfied.`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
