import type { Database, Sql } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import type { RequestOf, ResponseOf } from '@kabuto/contracts/call';
import type { depositChannelsCall } from '@kabuto/contracts/funds/deposits';
import type { adminChannelSaveCall } from '@kabuto/contracts/admin/settings';
import { money, toWire, tryMoney } from '@kabuto/domain/money';
import { moneyWindow, type WindowRule } from '@kabuto/domain/calendar/money-window';
import { refuse } from '../errors/public.ts';
import type { StaffPrincipal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { recordAudit } from '../audit/public.ts';
import { readSetting, writeSetting } from '../settings/public.ts';

export type ChannelWindowRule = 'profile' | 'always';
export type MarketProfile = 'demo' | 'tse';

export interface ChannelDeps {
  db: Database;
  clock: Clock;
  marketProfile: MarketProfile;
}

interface ChannelRow {
  id: string;
  name: string;
  bank_name: string;
  branch_name: string;
  account_type: string;
  account_number: string;
  account_holder: string;
  min_amount: string;
  max_amount: string;
  window_rule: ChannelWindowRule;
  active: boolean;
}

const channelColumns = `id, name, bank_name, branch_name, account_type, account_number, account_holder,
  min_amount::text AS min_amount, max_amount::text AS max_amount, window_rule, active`;

export type AdminChannel = ResponseOf<typeof adminChannelSaveCall>;

const adminChannelWire = (r: ChannelRow): AdminChannel => ({
  id: r.id,
  name: r.name,
  bankName: r.bank_name,
  branchName: r.branch_name,
  accountType: r.account_type,
  accountNumber: r.account_number,
  accountHolder: r.account_holder,
  min: toWire(money(r.min_amount)),
  max: toWire(money(r.max_amount)),
  windowRule: r.window_rule,
  active: r.active,
});

/** 'profile' follows the market profile (the real JST window under `tse`, open under `demo`); 'always' is always open. */
export function resolveWindowRule(rule: ChannelWindowRule, profile: MarketProfile): WindowRule {
  return rule === 'profile' && profile === 'tse' ? 'tse' : 'always';
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An active deposit channel, or 404 funds.channelNotFound (also for an inactive one). */
export async function requireActiveChannel(
  sql: Sql,
  id: string,
): Promise<{ id: string; name: string; currency: 'JPY'; min: string; max: string; windowRule: ChannelWindowRule }> {
  if (!uuidPattern.test(id)) throw refuse(errorKeys.funds.channelNotFound);
  const [row] = await sql.query<ChannelRow>(`SELECT ${channelColumns} FROM deposit_channels WHERE id = $1 AND active`, [
    id,
  ]);
  if (!row) throw refuse(errorKeys.funds.channelNotFound);
  return {
    id: row.id,
    name: row.name,
    currency: 'JPY',
    min: toWire(money(row.min_amount)),
    max: toWire(money(row.max_amount)),
    windowRule: row.window_rule,
  };
}

// SPEC §5: withdrawal minimum and maximum exist (numbers not shown); these apply until staff set others.
export const withdrawalLimitDefaults = { min: '1000', max: '5000000', windowRule: 'profile' } as const;
export const withdrawalSettingNames = {
  min: 'withdraw.min',
  max: 'withdraw.max',
  windowRule: 'withdraw.windowRule',
} as const;

const positiveAmount = (value: string | undefined): string | null => {
  const d = tryMoney(value);
  return d && d.gt(0) ? toWire(d) : null;
};

/** The withdrawal limits in force (defaults min 1000, max 5,000,000, window by profile when unset or unreadable). */
export async function withdrawalLimits(sql: Sql): Promise<{ min: string; max: string; windowRule: ChannelWindowRule }> {
  const min = positiveAmount(await readSetting(sql, withdrawalSettingNames.min)) ?? withdrawalLimitDefaults.min;
  const max = positiveAmount(await readSetting(sql, withdrawalSettingNames.max)) ?? withdrawalLimitDefaults.max;
  const rule = await readSetting(sql, withdrawalSettingNames.windowRule);
  const windowRule: ChannelWindowRule =
    rule === 'always' || rule === 'profile' ? rule : withdrawalLimitDefaults.windowRule;
  return money(min).lte(money(max))
    ? { min, max, windowRule }
    : { min: withdrawalLimitDefaults.min, max: withdrawalLimitDefaults.max, windowRule };
}

const requireMinNotAboveMax = (min: string, max: string): void => {
  if (money(min).gt(money(max))) throw refuse(errorKeys.request.invalid);
};

export function channelService({ db, clock, marketProfile }: ChannelDeps) {
  return {
    /** Member: active channels with limits and today's window, and the reference to put on the transfer. */
    async memberChannels(account: string): Promise<ResponseOf<typeof depositChannelsCall>> {
      const rows = await db.query<ChannelRow>(
        `SELECT ${channelColumns} FROM deposit_channels WHERE active ORDER BY created_at, id`,
      );
      const now = clock.now();
      return {
        referenceCode: `K${account}`,
        channels: rows.map((r) => {
          const w = moneyWindow(resolveWindowRule(r.window_rule, marketProfile), now);
          const { windowRule: _rule, active: _active, ...shown } = adminChannelWire(r);
          return {
            ...shown,
            currency: 'JPY' as const,
            window: { rule: w.rule, open: w.open, opensAt: w.opensAt ? w.opensAt.toISOString() : null },
          };
        }),
      };
    },

    async adminList(): Promise<AdminChannel[]> {
      const rows = await db.query<ChannelRow>(
        `SELECT ${channelColumns} FROM deposit_channels ORDER BY active DESC, created_at, id`,
      );
      return rows.map(adminChannelWire);
    },

    /** Admin: creates a channel, or updates the one named by id; audited in the same transaction. */
    async save(
      staff: StaffPrincipal,
      body: RequestOf<typeof adminChannelSaveCall>,
      requestId: string,
    ): Promise<AdminChannel> {
      requireMinNotAboveMax(body.min, body.max);
      const now = clock.now();
      return db.transaction(async (tx) => {
        const values = [
          body.name,
          body.bankName,
          body.branchName,
          body.accountType,
          body.accountNumber,
          body.accountHolder,
          body.min,
          body.max,
          body.windowRule,
          body.active,
        ];
        const [row] = body.id
          ? await tx.query<ChannelRow>(
              `UPDATE deposit_channels SET name = $2, bank_name = $3, branch_name = $4, account_type = $5, account_number = $6, account_holder = $7,
                      min_amount = $8, max_amount = $9, window_rule = $10, active = $11
                WHERE id = $1 RETURNING ${channelColumns}`,
              [body.id, ...values],
            )
          : await tx.query<ChannelRow>(
              `INSERT INTO deposit_channels (name, bank_name, branch_name, account_type, account_number, account_holder, min_amount, max_amount, window_rule, active, created_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${channelColumns}`,
              [...values, now],
            );
        if (!row) throw refuse(errorKeys.funds.channelNotFound);
        const saved = adminChannelWire(row);
        const summary = `${body.id ? 'updated' : 'created'}: ${saved.name}, ${saved.min}–${saved.max} JPY, window ${saved.windowRule}, ${saved.active ? 'active' : 'inactive'}`;
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'channel.save',
            target: saved.id,
            reason: summary,
            requestId,
          },
          now,
        );
        return saved;
      });
    },

    getWithdrawalLimits: () => withdrawalLimits(db),

    /** Admin: the withdrawal minimum, maximum and window rule; audited in the same transaction. */
    async saveWithdrawalLimits(
      staff: StaffPrincipal,
      body: { min: string; max: string; windowRule: ChannelWindowRule },
      requestId: string,
    ) {
      requireMinNotAboveMax(body.min, body.max);
      const now = clock.now();
      const next = { min: toWire(money(body.min)), max: toWire(money(body.max)), windowRule: body.windowRule };
      await db.transaction(async (tx) => {
        await writeSetting(tx, withdrawalSettingNames.min, next.min, now);
        await writeSetting(tx, withdrawalSettingNames.max, next.max, now);
        await writeSetting(tx, withdrawalSettingNames.windowRule, next.windowRule, now);
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'withdrawalLimits.save',
            target: 'withdraw',
            reason: `${next.min}–${next.max} JPY, window ${next.windowRule}`,
            requestId,
          },
          now,
        );
      });
      return next;
    },
  };
}
export type ChannelService = ReturnType<typeof channelService>;
