import { randomInt } from 'node:crypto';
import type { Database } from '@kabuto/db/database';
import { defaultLendingTerms } from '@kabuto/domain/loans/lending-terms';
import { hashSecret } from './accounts/public.ts';
import { newInviteCode } from './accounts/public.ts';
import { seedMarketSymbols } from './market/public.ts';
import { seedDemoNews } from './news/public.ts';

export const staffSeedAccount = '9000000001';

export interface SeedResult {
  /** Only on the run that created the staff account: the password is never stored in clear. */
  staffPassword: string | null;
  staffAccount: string;
  inviteCode: string;
}

function randomPassword(length = 16): string {
  const letters = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const all = letters + digits;
  for (;;) {
    let out = '';
    for (let i = 0; i < length; i++) out += all[randomInt(all.length)];
    if (/[A-Za-z]/.test(out) && /\d/.test(out)) return out;
  }
}

/** Seeds once: settings, one demo invitation code, one admin whose random password is returned once. */
/** staffPassword and inviteCode may be given by scripted set-ups (the browser tests); otherwise both are random. */
export async function seedOnce(
  db: Database,
  opts: { staffPassword?: string | undefined; inviteCode?: string | undefined; now?: Date } = {},
): Promise<SeedResult> {
  // Issue 7: the market universe and demo news are seeded on their own, so a database seeded before them gets them too.
  const now = opts.now ?? new Date();
  await db.transaction(async (tx) => {
    await seedMarketSymbols(tx, now);
    await seedDemoNews(tx, now);
  });
  const [done] = await db.query<{ value: string }>(`SELECT value FROM settings WHERE name = 'internal.seeded'`);
  if (done) {
    const [code] = await db.query<{ code: string }>(`SELECT code FROM invitation_codes ORDER BY created_at LIMIT 1`);
    return { staffPassword: null, staffAccount: staffSeedAccount, inviteCode: code?.code ?? '' };
  }
  const staffPassword = opts.staffPassword ?? randomPassword();
  const passwordHash = await hashSecret(staffPassword);
  const inviteCode = opts.inviteCode ?? `DEMO${newInviteCode(4)}`;
  await db.transaction(async (tx) => {
    const settings: [string, string][] = [
      ['title', 'Kabuto'],
      ['logo', ''],
      ['contact', 'support@kabuto.example'],
      ['internal.seeded', new Date().toISOString()],
    ];
    for (const [name, value] of settings) {
      await tx.query(`INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, value]);
    }
    await tx.query(`INSERT INTO invitation_codes (code, note) VALUES ($1, 'demo code created at first start')`, [
      inviteCode,
    ]);
    // A segregated client-money account in the firm's name; staff edit channels and limits in the back office.
    await tx.query(
      `INSERT INTO deposit_channels (name, bank_name, branch_name, account_type, account_number, account_holder, currency, min_amount, max_amount, window_rule)
       VALUES ('Bank transfer (segregated client money)', 'Kabuto Demo Trust Bank', 'Head Office (001)', 'ordinary', '1234567', 'Kabuto Securities Client Money Trust', 'JPY', 1000, 10000000, 'profile')`,
    );
    const limits: [string, string][] = [
      ['withdraw.min', '1000'],
      ['withdraw.max', '5000000'],
      ['withdraw.windowRule', 'profile'],
    ];
    for (const [name, value] of limits) {
      await tx.query(`INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, value]);
    }
    // Issue 26: the demo lends (the terms of defaultLendingTerms, open); staff change them in the back office.
    await tx.query(
      `INSERT INTO lending_terms (id, open, daily_rate, min_term_days, max_term_days, yen_per_point, score_floor)
       VALUES (1, true, $1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
      [
        defaultLendingTerms.dailyRate,
        defaultLendingTerms.minTermDays,
        defaultLendingTerms.maxTermDays,
        defaultLendingTerms.yenPerPoint,
        defaultLendingTerms.scoreFloor,
      ],
    );
    await tx.query(
      `INSERT INTO members (account, password_hash, invite_code, invited_with, staff_role) VALUES ($1, $2, $3, 'seed', 'admin')`,
      [staffSeedAccount, passwordHash, newInviteCode()],
    );
  });
  return { staffPassword, staffAccount: staffSeedAccount, inviteCode };
}
