import type { Sql } from '@kabuto/db/database';
import { readFact, type Fact } from '@kabuto/db/facts';
import type { SymbolStatus } from '@kabuto/contracts/market/fields';

/**
 * Issue 17 §9: a symbol's status read inside the caller's transaction (null: no such symbol), never from the
 * snapshot, which may not have heard of a change yet. FOR SHARE holds the row: a halt (which takes it FOR UPDATE)
 * waits for this transaction to end, or this read for the halt, so a check and a halt never both pass. Every check of
 * a member action on a symbol (the order ticket included) goes through this.
 */
export async function symbolStatusInTx(tx: Sql, code: string): Promise<SymbolStatus | null> {
  return (await symbolStatusesInTx(tx, [code])).get(code) ?? null;
}

/** The same for several symbols at once (a batch of orders), each row held FOR SHARE. */
export async function symbolStatusesInTx(tx: Sql, codes: readonly string[]): Promise<Map<string, SymbolStatus>> {
  return readFact(tx, symbolStatusFact(codes));
}

/** The statuses as a fact, to read with another module's in one round trip (`readFacts`), rows held FOR SHARE. */
export function symbolStatusFact(codes: readonly string[]): Fact<Map<string, SymbolStatus>> {
  return {
    sql: `SELECT coalesce(json_object_agg(code, status), '{}'::json)
            FROM (SELECT code, status FROM market_symbols WHERE code = ANY($1::text[]) ORDER BY code FOR SHARE) s`,
    params: [[...new Set(codes)]],
    read: (json) => new Map(Object.entries((json ?? {}) as Record<string, SymbolStatus>)),
  };
}
