import pg from 'pg';

/**
 * How a console instance's own connections name themselves (`application_name`, followed by
 * the instance's name), so that the database shows who is who and a tool can tell whether a
 * console is using the database.
 */
export const CONSOLE_APPLICATION_NAME_PREFIX = 'roastery-console:';

/**
 * The console instances connected to the database now, by name. Every instance on PostgreSQL
 * keeps connections named this way for as long as it runs (its events between instances and
 * its bid for the lead), so none running means no name here.
 */
export async function runningConsoles(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const result = await client.query<{ name: string }>(
      `select distinct application_name as name from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and starts_with(application_name, $1)
        order by 1`,
      [CONSOLE_APPLICATION_NAME_PREFIX],
    );
    return result.rows.map((row) => row.name.slice(CONSOLE_APPLICATION_NAME_PREFIX.length));
  } finally {
    await client.end();
  }
}
