import { money, toWire } from '@kabuto/domain/money';
import { amountFor, offeringPhase, type EntryStatus, type OfferingFacts } from '@kabuto/domain/ipo/offering';
import { grabPhase, type GrabWindow } from '@kabuto/domain/ipo/grab';
import type { IpoEntry, Offering } from '@kabuto/contracts/ipo/offerings';

/** An `ipo_offerings` row with its stock's names and its entries count; amounts and counts as text. */
export interface OfferingRow {
  id: string;
  code: string;
  name_jp: string;
  name_en: string;
  name_tw: string;
  price: string;
  shares_on_offer: string;
  opens_at: Date;
  closes_at: Date;
  draw_at: Date;
  pay_by: Date;
  lists_at: Date;
  lock_up_until: Date | null;
  commitment: string;
  secret: string;
  drawn_at: Date | null;
  winners: number | null;
  allocated: string | null;
  lapsed_at: Date | null;
  listed_at: Date | null;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  entries: string;
  created_by: string;
  grab_opens_at: Date | null;
  grab_closes_at: Date | null;
  grab_shares: string | null;
  grab_taken: string;
}

export const offeringSelect = `SELECT o.id::text AS id, o.code, s.name_jp, s.name_en, s.name_tw, o.price::text AS price,
    o.shares_on_offer::text AS shares_on_offer, o.opens_at, o.closes_at, o.draw_at, o.pay_by, o.lists_at, o.lock_up_until,
    o.commitment, o.secret, o.drawn_at, o.winners, o.allocated::text AS allocated, o.lapsed_at, o.listed_at,
    o.cancelled_at, o.cancel_reason, m.account AS created_by, o.grab_opens_at, o.grab_closes_at,
    o.grab_shares::text AS grab_shares, o.grab_taken::text AS grab_taken,
    (SELECT count(*) FROM ipo_entries e WHERE e.offering_id = o.id)::text AS entries
  FROM ipo_offerings o JOIN market_symbols s ON s.code = o.code JOIN members m ON m.id = o.created_by`;

export const factsOf = (r: OfferingRow): OfferingFacts => ({
  price: r.price,
  sharesOnOffer: r.shares_on_offer,
  opensAt: new Date(r.opens_at),
  closesAt: new Date(r.closes_at),
  drawAt: new Date(r.draw_at),
  payBy: new Date(r.pay_by),
  listsAt: new Date(r.lists_at),
  drawnAt: r.drawn_at ? new Date(r.drawn_at) : null,
  listedAt: r.listed_at ? new Date(r.listed_at) : null,
  cancelledAt: r.cancelled_at ? new Date(r.cancelled_at) : null,
});

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/** The grab window staff set, or null. */
export const grabWindowOf = (r: OfferingRow): GrabWindow | null =>
  r.grab_opens_at && r.grab_closes_at && r.grab_shares !== null
    ? {
        opensAt: new Date(r.grab_opens_at),
        closesAt: new Date(r.grab_closes_at),
        shares: r.grab_shares,
        taken: r.grab_taken,
      }
    : null;

/** The offering as members and staff read it: the secret only once the draw has revealed it. */
export function offeringWire(r: OfferingRow, now: Date): Offering {
  return {
    id: r.id,
    code: r.code,
    names: { jp: r.name_jp, en: r.name_en, tw: r.name_tw },
    price: toWire(money(r.price)),
    sharesOnOffer: r.shares_on_offer,
    opensAt: new Date(r.opens_at).toISOString(),
    closesAt: new Date(r.closes_at).toISOString(),
    drawAt: new Date(r.draw_at).toISOString(),
    payBy: new Date(r.pay_by).toISOString(),
    listsAt: new Date(r.lists_at).toISOString(),
    lockUpUntil: iso(r.lock_up_until),
    phase: offeringPhase(factsOf(r), now),
    commitment: r.commitment,
    secret: r.drawn_at ? r.secret : null,
    entries: Number(r.entries),
    winners: r.winners,
    allocated: r.allocated,
    drawnAt: iso(r.drawn_at),
    cancelledAt: iso(r.cancelled_at),
    cancelReason: r.cancel_reason,
    grab: grabWire(grabWindowOf(r), now),
  };
}

function grabWire(w: GrabWindow | null, now: Date): Offering['grab'] {
  if (!w) return null;
  return {
    opensAt: w.opensAt.toISOString(),
    closesAt: w.closesAt.toISOString(),
    shares: w.shares,
    taken: w.taken,
    phase: grabPhase(w, now),
  };
}

/** An `ipo_entries` row with its offering's stock, price and deadline. */
export interface EntryRow {
  id: string;
  offering_id: string;
  member_id: string;
  code: string;
  name_jp: string;
  name_en: string;
  name_tw: string;
  price: string;
  pay_by: Date;
  shares: string;
  status: EntryStatus;
  held: string;
  won: string;
  amount_paid: string;
  position_order_no: string | null;
  created_at: Date;
  drawn_at: Date | null;
  paid_at: Date | null;
  ended_at: Date | null;
  end_reason: string | null;
}

export const entrySelect = `SELECT e.id::text AS id, e.offering_id::text AS offering_id, e.member_id::text AS member_id, o.code,
    s.name_jp, s.name_en, s.name_tw, o.price::text AS price, o.pay_by, e.shares::text AS shares, e.status,
    e.held::text AS held, e.won::text AS won, e.amount_paid::text AS amount_paid, p.order_no AS position_order_no,
    e.created_at, e.drawn_at, e.paid_at, e.ended_at, e.end_reason
  FROM ipo_entries e JOIN ipo_offerings o ON o.id = e.offering_id JOIN market_symbols s ON s.code = o.code
  LEFT JOIN trade_positions p ON p.id = e.position_id`;

export function entryWire(r: EntryRow): IpoEntry {
  return {
    id: r.id,
    offeringId: r.offering_id,
    code: r.code,
    names: { jp: r.name_jp, en: r.name_en, tw: r.name_tw },
    price: toWire(money(r.price)),
    shares: r.shares,
    status: r.status,
    held: toWire(money(r.held)),
    won: r.won,
    amountDue: toWire(amountFor(r.price, r.won)),
    amountPaid: toWire(money(r.amount_paid)),
    payBy: new Date(r.pay_by).toISOString(),
    positionOrderNo: r.position_order_no,
    subscribedAt: new Date(r.created_at).toISOString(),
    drawnAt: iso(r.drawn_at),
    paidAt: iso(r.paid_at),
    endedAt: iso(r.ended_at),
    endReason: r.end_reason,
  };
}

/** The published entry list names each member by a masked account: the first two and last four digits (90****1234). */
export const maskAccount = (account: string): string =>
  account.length <= 6 ? '*'.repeat(account.length) : `${account.slice(0, 2)}****${account.slice(-4)}`;
