import type { Sql } from '@kabuto/db/database';

// SPEC §7: config is a list of name/value pairs; title and logo are read by the client.
// Only these names are public; other settings (limits, markers) stay on the server.
export const publicSettingNames = ['title', 'logo', 'contact'] as const;

export async function listSettings(sql: Sql): Promise<{ name: string; value: string }[]> {
  return sql.query<{ name: string; value: string }>(
    `SELECT name, value FROM settings WHERE name = ANY($1::text[]) ORDER BY name`,
    [[...publicSettingNames]],
  );
}

export async function readSetting(sql: Sql, name: string): Promise<string | undefined> {
  return (await sql.query<{ value: string }>(`SELECT value FROM settings WHERE name = $1`, [name]))[0]?.value;
}

export async function writeSetting(sql: Sql, name: string, value: string, at: Date): Promise<void> {
  await sql.query(
    `INSERT INTO settings (name, value, updated_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [name, value, at],
  );
}
