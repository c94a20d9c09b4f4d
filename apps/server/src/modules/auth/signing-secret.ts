import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { systemSecrets, type Database } from '@roastery/db';

const NAME = 'jwt_signing_key';

/**
 * The key that signs access tokens: JWT_SECRET when given, otherwise one generated on the
 * first start and kept in the database, so that sessions survive a restart.
 */
export async function signingSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(systemSecrets)
    .values({ name: NAME, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(systemSecrets).where(eq(systemSecrets.name, NAME));
  if (!row) throw new Error('The signing key could not be stored.');
  return row.value;
}
