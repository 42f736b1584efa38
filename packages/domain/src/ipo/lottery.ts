/**
 * Issue 25: the IPO lottery, commit-reveal and recomputable by any member (docs/ipo-lottery.md says it in words).
 *
 * When staff create the offering, it publishes the SHA-256 of a 32-byte random secret (the
 * commitment). At the draw the secret is revealed with the entry list (entry id, masked account, shares asked), and
 * the allocation follows from those alone: each entry's draw key is HMAC-SHA256(secret, entry id); entries are taken
 * in ascending order of their keys; round after round, each entry in that order gets one unit (100 shares) while it
 * still asks for more and shares remain. Every member has the same chance in the first round whatever they asked for
 * (the JSDA rule for lottery allocation: equal odds per member), and nobody, the operator included, can steer the
 * order once the commitment is published without the revealed secret failing its hash.
 *
 * The hashes come from @noble/hashes (audited, pure JavaScript), so the server (Node 20) and the member's browser run
 * the same code, synchronously: a draw of 100,000 entries does not wait on 100,000 Web Crypto promises.
 */

import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export const lotteryUnit = 100;

export interface LotteryEntry {
  /** The entry's id as published. */
  readonly id: string;
  /** Shares asked, a whole number of units (a decimal string, as quantities travel). */
  readonly shares: string;
}

export interface DrawnEntry {
  readonly id: string;
  /** HMAC-SHA256(secret, id), lowercase hex: the entry's place in the order. */
  readonly key: string;
  /** Shares won (a decimal string; "0" when not won). */
  readonly won: string;
}

export interface Draw {
  /** Every entry in draw order (ascending key). */
  readonly order: readonly DrawnEntry[];
  /** Shares given out (never more than on offer). */
  readonly allocated: string;
  /** Entries that won at least one unit. */
  readonly winners: number;
}

/** A secret as published: 64 lowercase hex digits (32 bytes). */
export const secretPattern = /^[0-9a-f]{64}$/;

function secretBytes(secretHex: string): Uint8Array<ArrayBuffer> {
  if (!secretPattern.test(secretHex)) throw new Error('lottery secret: 64 lowercase hex digits expected');
  const out = new Uint8Array(new ArrayBuffer(32));
  for (let i = 0; i < 32; i++) out[i] = Number.parseInt(secretHex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Whole units in a share count; a count that is not a positive whole number of units is refused. */
export function unitsOf(shares: string): number {
  if (!/^[1-9][0-9]{0,11}$/.test(shares)) throw new Error(`lottery: ${shares} is not a whole number of shares`);
  const n = Number(shares);
  if (n % lotteryUnit !== 0) throw new Error(`lottery: ${shares} is not a whole number of ${lotteryUnit}-share units`);
  return n / lotteryUnit;
}

/** The commitment published with the offering: SHA-256 of the secret's 32 bytes, lowercase hex. */
export async function commitmentOf(secretHex: string): Promise<string> {
  return bytesToHex(sha256(secretBytes(secretHex)));
}

/**
 * The draw keys of many entries under one secret: HMAC-SHA256 keyed with the secret's bytes, over each entry id's
 * UTF-8 bytes, lowercase hex. The keyed state is computed once and copied for each entry, so 100,000 keys are two
 * compressions each, without a promise apiece (issue 25: a member's phone checks a 100,000-entry draw).
 */
export function drawKeysOf(secretHex: string, entryIds: readonly string[]): string[] {
  const keyed = hmac.create(sha256, secretBytes(secretHex));
  return entryIds.map((id) => bytesToHex(keyed.clone().update(utf8ToBytes(id)).digest()));
}

/** One entry's draw key (see `drawKeysOf`). */
export async function drawKeyOf(secretHex: string, entryId: string): Promise<string> {
  return drawKeysOf(secretHex, [entryId])[0] as string;
}

/** The draw, from the revealed secret, the published entries and the shares on offer alone. */
export async function draw(secretHex: string, entries: readonly LotteryEntry[], sharesOnOffer: string): Promise<Draw> {
  let left = unitsOf(sharesOnOffer);
  const keys = drawKeysOf(
    secretHex,
    entries.map((e) => e.id),
  );
  const keyed = entries.map((e, i) => ({ id: e.id, key: keys[i] as string, asked: unitsOf(e.shares), won: 0 }));
  if (new Set(keyed.map((e) => e.id)).size !== keyed.length) throw new Error('lottery: an entry id appears twice');
  // Keys are distinct for distinct ids (HMAC-SHA256); the id orders two equal keys all the same.
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id < b.id ? -1 : 1));
  for (let round = 1; left > 0; round++) {
    let given = 0;
    for (const e of keyed) {
      if (left === 0) break;
      if (e.won >= e.asked) continue;
      e.won += 1;
      left -= 1;
      given += 1;
    }
    if (given === 0) break; // every entry has all it asked for
  }
  const order = keyed.map((e) => ({ id: e.id, key: e.key, won: String(e.won * lotteryUnit) }));
  const units = keyed.reduce((s, e) => s + e.won, 0);
  return { order, allocated: String(units * lotteryUnit), winners: keyed.filter((e) => e.won > 0).length };
}

/** What a member's browser checks: the published commitment, secret, entries, offer and result. */
export interface PublishedDraw {
  readonly commitment: string;
  readonly secret: string;
  readonly entries: readonly LotteryEntry[];
  readonly sharesOnOffer: string;
  /** The shares each entry was given, as published. */
  readonly result: readonly { readonly id: string; readonly won: string }[];
}

export type DrawCheck =
  | { readonly ok: true; readonly draw: Draw }
  | { readonly ok: false; readonly failed: 'commitment'; readonly expected: string; readonly published: string }
  | {
      readonly ok: false;
      readonly failed: 'result';
      /** Every entry whose published result differs from the recomputed one. */
      readonly differences: readonly { readonly id: string; readonly recomputed: string; readonly published: string }[];
    };

/**
 * Recomputes a published draw: the secret must hash to the commitment published before the draw, and every entry's
 * published result must be what the procedure gives (an entry missing from the result counts as "0").
 */
export async function checkDraw(p: PublishedDraw): Promise<DrawCheck> {
  if (!secretPattern.test(p.secret)) return { ok: false, failed: 'commitment', expected: p.commitment, published: '' };
  const hash = await commitmentOf(p.secret);
  if (hash !== p.commitment) return { ok: false, failed: 'commitment', expected: p.commitment, published: hash };
  const recomputed = await draw(p.secret, p.entries, p.sharesOnOffer);
  const published = new Map(p.result.map((r) => [r.id, r.won]));
  const differences = recomputed.order
    .filter((e) => (published.get(e.id) ?? '0') !== e.won)
    .map((e) => ({ id: e.id, recomputed: e.won, published: published.get(e.id) ?? '0' }));
  const known = new Set(recomputed.order.map((e) => e.id));
  for (const r of p.result)
    if (!known.has(r.id)) differences.push({ id: r.id, recomputed: '0 (no such entry)', published: r.won });
  return differences.length === 0 ? { ok: true, draw: recomputed } : { ok: false, failed: 'result', differences };
}
