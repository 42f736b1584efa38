import type { Database } from '@kabuto/db/database';
import { Decimal } from '@kabuto/domain/money';
import { isUniqueViolation } from '@kabuto/db/pg-errors';
import { checkApplication, checkProductTerms, holdLines, jstDay, productPhase } from '@kabuto/domain/block/block-trade';
import { errorKeys } from '@kabuto/contracts/errors';
import { applyRefusalKey, termsRefusalKey } from '@kabuto/contracts/block/refusals';
import type { ResponseOf } from '@kabuto/contracts/call';
import type {
  adminBlockApplicationsCall,
  adminBlockListCall,
  blockDetailCall,
  BlockApplication,
  BlockProduct,
} from '@kabuto/contracts/block/block-trades';
import type { ReviewStatus } from '@kabuto/contracts/fields';
import { refuse } from '../errors/public.ts';
import type { Principal, StaffPrincipal } from '../http/public.ts';
import type { Clock } from '../clock.ts';
import { checkChannelPassword, hashSecret, refuseIfRestricted } from '../accounts/public.ts';
import { recordAudit } from '../audit/public.ts';
import { ledgerReasons, post } from '../ledger/public.ts';
import { orderNumberSql, orderNumberStem } from '../funds/public.ts';
import type { MarketSnapshot } from '../market/public.ts';
import type { ApprovalState, ReviewKind, ReviewsService } from '../reviews/public.ts';
import { hasSeat } from '../seats/public.ts';
import {
  applicationSelect,
  applicationWire,
  productSelect,
  productWire,
  termsOf,
  type ApplicationRow,
  type ProductRow,
} from './block-rows.ts';

export interface BlockDeps {
  db: Database;
  clock: Clock;
  market: Pick<MarketSnapshot, 'get'>;
  reviews: ReviewsService;
  kind: ReviewKind;
}

type AdminProduct = ResponseOf<typeof adminBlockListCall>['items'][number];

/**
 * Issue 25: block trades (立会外分売). Staff list products (audited); a member applies in 100-share units (the amount
 * held, the channel password checked on the fund PIN's ladder); staff decide through the review lifecycle
 * (block-review.ts). Every rule is the domain's (block/block-trade.ts): the server loads the facts and applies it.
 */
export function blockService(deps: BlockDeps) {
  const { db, clock } = deps;

  const productById = async (id: string): Promise<ProductRow | null> =>
    (await db.query<ProductRow>(`${productSelect} WHERE p.id = $1`, [id]))[0] ?? null;

  const applicationOf = async (where: string, params: readonly string[]): Promise<ApplicationRow | null> =>
    (await db.query<ApplicationRow>(`${applicationSelect} WHERE ${where}`, params))[0] ?? null;

  const adminWire = (r: ProductRow & { applications: number }, now: Date): AdminProduct => ({
    ...productWire(r, now),
    dailyLimit: r.daily_limit,
    createdBy: r.created_by,
    createdAt: new Date(r.created_at).toISOString(),
    withdrawnAt: r.withdrawn_at ? new Date(r.withdrawn_at).toISOString() : null,
    withdrawReason: r.withdraw_reason,
    applications: Number(r.applications),
  });

  const adminProduct = async (id: string, now: Date): Promise<AdminProduct> => {
    const [r] = await db.query<ProductRow & { applications: number }>(
      `SELECT q.*, (SELECT count(*)::int FROM block_applications a WHERE a.product_id = q.id::uuid) AS applications
         FROM (${productSelect} WHERE p.id = $1) q`,
      [id],
    );
    if (!r) throw refuse(errorKeys.block.notFound);
    return adminWire(r, now);
  };

  return {
    /** Products members can see: not withdrawn, open first, then upcoming, then the closed of the last 30 days. */
    async list(): Promise<{ items: BlockProduct[] }> {
      const now = clock.now();
      const rows = await db.query<ProductRow>(
        `${productSelect} WHERE p.withdrawn_at IS NULL AND p.closes_at > $1::timestamptz - interval '30 days'
          ORDER BY (p.opens_at <= $1 AND p.closes_at > $1) DESC, (p.opens_at > $1) DESC, p.closes_at ASC LIMIT 100`,
        [now],
      );
      return { items: rows.map((r) => productWire(r, now)) };
    },

    async detail(p: Principal, id: string): Promise<ResponseOf<typeof blockDetailCall>> {
      const now = clock.now();
      const product = await productById(id);
      if (!product || product.withdrawn_at) throw refuse(errorKeys.block.notFound);
      const [f] = await db.query<{ available: string; held: string; verified: boolean }>(
        `SELECT coalesce((SELECT balance::text FROM ledger_accounts
                           WHERE member_id = m.id AND book = 'available' AND currency = 'JPY'), '0') AS available,
                coalesce((SELECT sum(shares)::text FROM block_applications a
                           WHERE a.product_id = $2 AND a.member_id = m.id AND a.status <> 'rejected'), '0') AS held,
                m.real_name_status = 'verified' AS verified
           FROM members m WHERE m.id = $1`,
        [p.memberId, id],
      );
      return {
        ...productWire(product, now),
        available: f?.available ?? '0',
        sharesHeld: f?.held ?? '0',
        hasSeat: await hasSeat(db, p.memberId),
        realNameVerified: f?.verified ?? false,
      };
    },

    /** The application a call with this Idempotency-Key made, if it committed. */
    async byClientKey(p: Principal, key: string): Promise<BlockApplication | null> {
      const r = await applicationOf('a.member_id = $1 AND a.client_key = $2', [p.memberId, key]);
      return r ? applicationWire(r) : null;
    },

    /**
     * SPEC §5/§8: a product that exists and is open, its channel password when it has one (the fund PIN's ladder),
     * then, in one transaction, the member's count for the day taken first (so parallel applications to one product
     * wait for each other), the facts read, the domain's check, the application and its hold. A refusal leaves nothing.
     */
    async apply(
      p: Principal,
      body: { id: string; shares: string; password?: string | undefined },
      clientKey: string | null,
      requestId: string,
    ): Promise<BlockApplication> {
      const now = clock.now();
      await refuseIfRestricted(db, p.memberId, ['frozen', 'no_trading']);
      const product = await productById(body.id);
      if (!product) throw refuse(errorKeys.block.notFound);
      const phase = productPhase(termsOf(product), now);
      if (phase === 'withdrawn') throw refuse(errorKeys.block.notFound);
      if (phase !== 'open') throw refuse(errorKeys.block.closed);
      if (product.password_hash !== null) {
        if (!body.password) throw refuse(errorKeys.password.channelWrong);
        await checkChannelPassword(db, p.memberId, product.password_hash, body.password, now);
      }
      try {
        const id = await db.transaction(async (tx) => {
          const [count] = await tx.query<{ applications: number }>(
            `INSERT INTO block_daily_counts (product_id, member_id, day, applications) VALUES ($1, $2, $3, 1)
             ON CONFLICT (product_id, member_id, day) DO UPDATE SET applications = block_daily_counts.applications + 1
             RETURNING applications`,
            [body.id, p.memberId, jstDay(now)],
          );
          const [facts] = await tx.query<{
            withdrawn_at: Date | null;
            status: string;
            verified: boolean;
            seat: boolean;
            available: string;
            held: string;
          }>(
            `SELECT p.withdrawn_at, s.status, m.real_name_status = 'verified' AS verified,
                    EXISTS (SELECT 1 FROM seat_applications x WHERE x.member_id = m.id AND x.status = 'approved') AS seat,
                    coalesce((SELECT balance::text FROM ledger_accounts
                               WHERE member_id = m.id AND book = 'available' AND currency = 'JPY'), '0') AS available,
                    coalesce((SELECT sum(shares)::text FROM block_applications a
                               WHERE a.product_id = p.id AND a.member_id = m.id AND a.status <> 'rejected'), '0') AS held
               FROM block_products p JOIN market_symbols s ON s.code = p.symbol, members m
              WHERE p.id = $1 AND m.id = $2
                FOR SHARE OF p, s`,
            [body.id, p.memberId],
          );
          if (!facts) throw refuse(errorKeys.block.notFound);
          const check = checkApplication({
            product: { ...termsOf(product), withdrawnAt: facts.withdrawn_at ? new Date(facts.withdrawn_at) : null },
            stockTrading: facts.status === 'listed',
            now,
            shares: body.shares,
            sharesHeld: facts.held,
            todayCount: (count?.applications ?? 1) - 1,
            hasSeat: facts.seat,
            realNameVerified: facts.verified,
            available: facts.available,
          });
          if ('refused' in check) throw refuse(applyRefusalKey[check.refused]);
          const [row] = await tx.query<{ id: string }>(
            `INSERT INTO block_applications (order_no, product_id, member_id, shares, amount, client_key, created_at)
             VALUES (${orderNumberSql(1)}, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
            [orderNumberStem('N', now), body.id, p.memberId, body.shares, check.ok.amount.toFixed(), clientKey, now],
          );
          if (!row) throw new Error('block: no application written');
          await post(
            tx,
            {
              kind: 'block_hold',
              reason: ledgerReasons.blockHold,
              refType: 'block',
              refId: row.id,
              requestId,
              at: now,
              lines: holdLines(p.memberId, check.ok.amount),
            },
            errorKeys.funds.insufficientAvailable,
          );
          return row.id;
        });
        return applicationWire((await applicationOf('a.id = $1', [id])) as ApplicationRow);
      } catch (err) {
        // The same Idempotency-Key's retry raced this one: answer with what it wrote.
        if (isUniqueViolation(err) && clientKey) {
          const again = await this.byClientKey(p, clientKey);
          if (again) return again;
        }
        throw err;
      }
    },

    async applications(
      p: Principal,
      q: { page: number; pageSize: number },
    ): Promise<{ items: BlockApplication[]; total: number }> {
      const [count] = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM block_applications WHERE member_id = $1`,
        [p.memberId],
      );
      const rows = await db.query<ApplicationRow>(
        `${applicationSelect} WHERE a.member_id = $1 ORDER BY a.created_at DESC, a.id
          LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        [p.memberId],
      );
      return { items: rows.map(applicationWire), total: Number(count?.n ?? 0) };
    },

    /** One of the member's own applications; another member's is "does not exist". */
    async application(p: Principal, id: string): Promise<BlockApplication> {
      const r = await applicationOf('a.id = $1 AND a.member_id = $2', [id, p.memberId]);
      if (!r) throw refuse(errorKeys.order.notExist);
      return applicationWire(r);
    },

    // ——— Back office ———

    async adminProducts(): Promise<{ items: AdminProduct[] }> {
      const now = clock.now();
      const rows = await db.query<ProductRow & { applications: number }>(
        `SELECT q.*, (SELECT count(*)::int FROM block_applications a WHERE a.product_id = q.id::uuid) AS applications
           FROM (${productSelect}) q ORDER BY q.created_at DESC LIMIT 200`,
      );
      return { items: rows.map((r) => adminWire(r, now)) };
    },

    /**
     * Staff list a product: a listed, trading stock; the domain's terms check against that stock's day (tick grid and
     * stop-high / stop-low); the channel password hashed with argon2; audited.
     */
    async create(
      staff: StaffPrincipal,
      body: {
        code: string;
        price: string;
        minAmount: string;
        maxShares: string;
        dailyLimit: number;
        opensAt: string;
        closesAt: string;
        lockUpUntil: string | null;
        password: string | null;
        seatOnly: boolean;
        reason: string;
      },
      requestId: string,
    ): Promise<AdminProduct> {
      const now = clock.now();
      const entry = deps.market.get(body.code);
      if (!entry || entry.status === 'delisted') throw refuse(errorKeys.market.unknownSymbol);
      if (entry.status !== 'listed') throw refuse(errorKeys.market.halted);
      const refused = checkProductTerms(
        {
          price: body.price,
          minAmount: body.minAmount,
          maxShares: body.maxShares,
          dailyLimit: body.dailyLimit,
          opensAt: new Date(body.opensAt),
          closesAt: new Date(body.closesAt),
          lockUpUntil: body.lockUpUntil === null ? null : new Date(body.lockUpUntil),
        },
        { table: entry.company.tickTable, limitUp: entry.state.upper, limitDown: entry.state.lower },
        now,
      );
      if (refused) throw refuse(termsRefusalKey[refused]);
      const passwordHash = body.password === null ? null : await hashSecret(body.password);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: string }>(
          `INSERT INTO block_products (symbol, price, min_amount, max_shares, daily_limit, opens_at, closes_at,
             lock_up_until, password_hash, seat_only, created_by, created_at)
           SELECT code, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12 FROM market_symbols
            WHERE code = $1 AND status = 'listed' FOR SHARE
           RETURNING id::text AS id`,
          [
            body.code,
            body.price,
            body.minAmount,
            body.maxShares,
            body.dailyLimit,
            body.opensAt,
            body.closesAt,
            body.lockUpUntil,
            passwordHash,
            body.seatOnly,
            staff.memberId,
            now,
          ],
        );
        if (!row) throw refuse(errorKeys.market.halted);
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'block.create',
            target: body.code,
            reason: body.reason,
            requestId,
          },
          now,
        );
        return row.id;
      });
      return adminProduct(id, now);
    },

    /** Staff withdraw a product: no new applications; those waiting are still decided through the queue. */
    async withdraw(staff: StaffPrincipal, body: { id: string; reason: string }, requestId: string) {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [row] = await tx.query<{ symbol: string; withdrawn_at: Date | null }>(
          `SELECT symbol, withdrawn_at FROM block_products WHERE id = $1 FOR UPDATE`,
          [body.id],
        );
        if (!row) throw refuse(errorKeys.block.notFound);
        if (row.withdrawn_at) throw refuse(errorKeys.block.notWithdrawable);
        await tx.query(
          `UPDATE block_products SET withdrawn_at = $2, withdraw_reason = $3, withdrawn_by = $4 WHERE id = $1`,
          [body.id, now, body.reason, staff.memberId],
        );
        await recordAudit(
          tx,
          {
            actorId: staff.memberId,
            actorRole: staff.role,
            action: 'block.withdraw',
            target: row.symbol,
            reason: body.reason,
            requestId,
          },
          now,
        );
      });
      return adminProduct(body.id, now);
    },

    /** Staff's queue: everything needed to decide, oldest waiting first, with approvals so far (four eyes). */
    async adminApplications(q: {
      status: ReviewStatus;
      page: number;
      pageSize: number;
    }): Promise<ResponseOf<typeof adminBlockApplicationsCall>> {
      const [count] = await db.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM block_applications WHERE status = $1`,
        [q.status],
      );
      const rows = await db.query<ApplicationRow>(
        `${applicationSelect} WHERE a.status = $1 ORDER BY a.created_at ${q.status === 'pending' ? 'ASC' : 'DESC'}, a.id
          LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        [q.status],
      );
      const approvals = await deps.reviews.approvalsOf(
        deps.kind,
        rows.map((r) => ({ id: r.id, amount: { value: new Decimal(r.amount), currency: 'JPY' } })),
      );
      return {
        total: Number(count?.n ?? 0),
        items: rows.map((r) => ({
          ...applicationWire(r),
          ...(approvals.get(r.id) as ApprovalState),
          memberId: r.member_id,
          account: r.account,
          realName: r.real_name,
        })),
      };
    },
  };
}
export type BlockService = ReturnType<typeof blockService>;
