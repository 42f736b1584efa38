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
