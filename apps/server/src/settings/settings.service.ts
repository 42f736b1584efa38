import type { Sql } from '@kabuto/db/database';

// SPEC §7: config is a list of name/value pairs; title and logo are read by the client.
export async function listSettings(sql: Sql): Promise<{ name: string; value: string }[]> {
  return sql.query<{ name: string; value: string }>(`SELECT name, value FROM settings WHERE name NOT LIKE 'internal.%' ORDER BY name`);
}
