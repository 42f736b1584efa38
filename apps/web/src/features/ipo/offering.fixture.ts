import type { IpoEntry, OfferingDetail } from './api/ipo.api.ts';

const hour = 3_600_000;
/** An instant `hours` from now, as the wire writes it. */
export const hoursFromNow = (hours: number): string => new Date(Date.now() + hours * hour).toISOString();

const names = { jp: 'カブト精工', en: 'Kabuto Precision', tw: '兜精工' };

/** Tests only: an offering at ¥1,250 a share, 1,000 shares on offer, open for subscriptions now, with no entry. */
export const subscribingOffering = (over: Partial<OfferingDetail> = {}): OfferingDetail => ({
  id: '42',
  code: '9999',
  names,
  price: '1250',
  sharesOnOffer: '1000',
  opensAt: hoursFromNow(-1),
  closesAt: hoursFromNow(24),
  drawAt: hoursFromNow(25),
  payBy: hoursFromNow(48),
  listsAt: hoursFromNow(24 * 7),
  lockUpUntil: null,
  phase: 'subscribing',
  commitment: 'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c',
  secret: null,
  entries: 3,
  winners: null,
  allocated: null,
  drawnAt: null,
  cancelledAt: null,
  cancelReason: null,
  grab: null,
  mine: null,
  myGrab: null,
  available: '500000',
  ...over,
});

/** Tests only: the member's entry for 300 shares of that offering, awaiting the draw. */
export const entryOf = (over: Partial<IpoEntry> = {}): IpoEntry => ({
  id: '7',
  offeringId: '42',
  code: '9999',
  names,
  price: '1250',
  shares: '300',
  status: 'awaitingDraw',
  held: '375000',
  won: '0',
  amountDue: '0',
  amountPaid: '0',
  payBy: hoursFromNow(48),
  positionOrderNo: null,
  subscribedAt: '2026-11-30T01:00:00.000Z',
  drawnAt: null,
  paidAt: null,
  endedAt: null,
  endReason: null,
  ...over,
});

type GrabWire = NonNullable<OfferingDetail['grab']>;

/** Tests only: a grab window of 300 shares re-offered, none taken, open from an hour ago for two hours. */
export const grabWindowWire = (over: Partial<GrabWire> = {}): GrabWire => ({
  opensAt: hoursFromNow(-1),
  closesAt: hoursFromNow(2),
  shares: '300',
  taken: '0',
  phase: 'open',
  ...over,
});

/** Tests only: the offering drawn and its deadline passed, the member's 300-share entry not won, a grab window open. */
export const grabOffering = (over: Partial<OfferingDetail> = {}): OfferingDetail =>
  subscribingOffering({
    phase: 'drawn',
    opensAt: hoursFromNow(-96),
    closesAt: hoursFromNow(-72),
    drawAt: hoursFromNow(-71),
    payBy: hoursFromNow(-3),
    listsAt: hoursFromNow(72),
    secret: 'f'.repeat(64),
    entries: 5,
    winners: 2,
    allocated: '1000',
    drawnAt: hoursFromNow(-71),
    mine: entryOf({ status: 'notWon', held: '0', drawnAt: hoursFromNow(-71) }),
    grab: grabWindowWire(),
    ...over,
  });
