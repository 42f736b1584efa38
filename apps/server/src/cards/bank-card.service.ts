import { isUniqueViolation } from '@kabuto/db/pg-errors';
import type { Database, Sql } from '@kabuto/db/database';
import { errorKeys } from '@kabuto/contracts/errors';
import type { RequestOf } from '@kabuto/contracts/call';
import type { BankCard, bankCardAddCall } from '@kabuto/contracts/funds/bank-cards';
import { refuse } from '../errors/public.ts';
import type { Clock } from '../clock.ts';
import { maskTail } from './mask-number.ts';
import { requireSecondFactor } from '../twofactor/public.ts';

export interface BankCardDeps {
  db: Database;
  clock: Clock;
}

interface CardRow {
  id: string;
  holder_name: string;
  bank_name: string;
  branch_name: string;
  branch_code: string;
  card_number: string;
  card_type: BankCard['cardType'];
  ifsc: string | null;
  upi: string | null;
  created_at: Date;
}

const cardColumns = `id, holder_name, bank_name, branch_name, branch_code, card_number, card_type, ifsc, upi, created_at`;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * DESIGN: withdrawals go only to cards in the verified name. Names compare after NFKC (full- and
 * half-width forms, e.g. ﾔﾏﾀﾞ and ヤマダ, Ｔａｒｏ and Taro), without spaces and without letter case.
 */
export const sameHolderName = (a: string, b: string): boolean => {
  const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
  return norm(a) === norm(b);
};

const cardWire = (r: CardRow): BankCard => ({
  id: r.id,
  holderName: r.holder_name,
  bankName: r.bank_name,
  branchName: r.branch_name,
  branchCode: r.branch_code,
  cardNumberMasked: maskTail(r.card_number),
  cardType: r.card_type,
  ifsc: r.ifsc,
  upi: r.upi,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * The member's active card, with the full number for a withdrawal. Missing, removed and other members'
 * cards all answer 404 cards.bankCardNotExist. Locks the row (FOR SHARE) when called inside a transaction,
 * so a removal waits for a withdrawal being written to it.
 */
export async function requireOwnCard(
  sql: Sql,
  memberId: string,
  cardId: string,
): Promise<{ id: string; holderName: string; bankName: string; branchName: string; cardNumber: string }> {
  if (!uuidPattern.test(cardId)) throw refuse(errorKeys.cards.bankCardNotExist);
  const [row] = await sql.query<CardRow>(
    `SELECT ${cardColumns} FROM bank_cards WHERE id = $1 AND member_id = $2 AND removed_at IS NULL FOR SHARE`,
    [cardId, memberId],
  );
  if (!row) throw refuse(errorKeys.cards.bankCardNotExist);
  return {
    id: row.id,
    holderName: row.holder_name,
    bankName: row.bank_name,
    branchName: row.branch_name,
    cardNumber: row.card_number,
  };
}

export function bankCardService({ db, clock }: BankCardDeps) {
  return {
    async list(memberId: string): Promise<BankCard[]> {
      const rows = await db.query<CardRow>(
        `SELECT ${cardColumns} FROM bank_cards WHERE member_id = $1 AND removed_at IS NULL ORDER BY created_at, id`,
        [memberId],
      );
      return rows.map(cardWire);
    },

    /** SPEC §5: real-name verification first; the holder must be the verified name; IFSC and UPI for Indian banks. */
    async add(memberId: string, body: RequestOf<typeof bankCardAddCall> & { indianBank: boolean }): Promise<BankCard> {
      const now = clock.now();
      // Issue 27: a bank-card change carries a code while two-step sign-in is on.
      await requireSecondFactor(db, memberId, body.twoFactorCode, now);
      try {
        return await db.transaction(async (tx) => {
          // The member row lock serialises two adds of the same card.
          const [m] = await tx.query<{ real_name_status: string; real_name: string | null }>(
            `SELECT real_name_status, real_name FROM members WHERE id = $1 FOR UPDATE`,
            [memberId],
          );
          if (m?.real_name_status !== 'verified' || !m.real_name) throw refuse(errorKeys.verification.required);
          if (body.indianBank && (!body.ifsc || !body.upi)) throw refuse(errorKeys.cards.indianFieldsRequired);
          if (!sameHolderName(body.holderName, m.real_name)) throw refuse(errorKeys.cards.holderMismatch);
          const taken = await tx.query(
            `SELECT 1 FROM bank_cards WHERE member_id = $1 AND bank_name = $2 AND card_number = $3 AND removed_at IS NULL`,
            [memberId, body.bankName, body.cardNumber],
          );
          if (taken.length > 0) throw refuse(errorKeys.cards.alreadyExists);
          const [row] = await tx.query<CardRow>(
            `INSERT INTO bank_cards (member_id, holder_name, bank_name, branch_name, branch_code, card_number, card_type, ifsc, upi, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${cardColumns}`,
            [
              memberId,
              body.holderName,
              body.bankName,
              body.branchName,
              body.branchCode,
              body.cardNumber,
              body.cardType,
              body.indianBank ? (body.ifsc ?? null) : null,
              body.indianBank ? (body.upi ?? null) : null,
              now,
            ],
          );
          return cardWire(row as CardRow);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw refuse(errorKeys.cards.alreadyExists);
        throw err;
      }
    },

    /** Someone else's card answers exactly like a missing one; a card with a pending withdrawal stays. */
    async remove(memberId: string, cardId: string, twoFactorCode?: string): Promise<null> {
      if (!uuidPattern.test(cardId)) throw refuse(errorKeys.cards.bankCardNotExist);
      const now = clock.now();
      await requireSecondFactor(db, memberId, twoFactorCode, now);
      await db.transaction(async (tx) => {
        const [card] = await tx.query<{ id: string }>(
          `SELECT id FROM bank_cards WHERE id = $1 AND member_id = $2 AND removed_at IS NULL FOR UPDATE`,
          [cardId, memberId],
        );
        if (!card) throw refuse(errorKeys.cards.bankCardNotExist);
        const pending = await tx.query(`SELECT 1 FROM withdrawals WHERE bank_card_id = $1 AND status = 'pending'`, [
          cardId,
        ]);
        if (pending.length > 0) throw refuse(errorKeys.cards.pendingWithdrawal);
        await tx.query(`UPDATE bank_cards SET removed_at = $2 WHERE id = $1`, [cardId, now]);
      });
      return null;
    },
  };
}
export type BankCardService = ReturnType<typeof bankCardService>;
