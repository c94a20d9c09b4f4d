/** Run as its own process by initialiseDataDir: `node create-database-files.ts <dataDir>`. */
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: create-database-files.ts <dataDir>');
const client = await PGlite.create({ dataDir });
await client.close();
