import type { BlockApplication, BlockProduct, BlockProductDetail } from './api/block.api.ts';

const hour = 3_600_000;
/** An instant `hours` from now, as the wire writes it. */
export const hoursFromNow = (hours: number): string => new Date(Date.now() + hours * hour).toISOString();

const names = { jp: 'カブト精工', en: 'Kabuto Precision', tw: '兜精工' };

/**
 * Tests only: a product at ¥2,500 a share, ¥500,000 minimum purchase (200 shares), 1,000 shares at most a member, open
 * now, no lock-up, no channel password, open to every member.
 */
export const openProduct = (over: Partial<BlockProduct> = {}): BlockProduct => ({
  id: '3f0c1e5a-9b7d-4c2e-8a61-0d4f2b6c8e10',
  code: '9999',
  names,
  price: '2500',
  minAmount: '500000',
  maxShares: '1000',
  opensAt: hoursFromNow(-1),
  closesAt: hoursFromNow(24),
  lockUpUntil: null,
  passwordRequired: false,
  seatOnly: false,
  phase: 'open',
  ...over,
});

/** Tests only: that product as `market/block/detail` sends it to a verified member with ¥2,000,000 available. */
export const productDetail = (over: Partial<BlockProductDetail> = {}): BlockProductDetail => ({
  ...openProduct(),
  available: '2000000',
  sharesHeld: '0',
  hasSeat: false,
  realNameVerified: true,
  ...over,
});

/** Tests only: the member's application for 400 shares of that product, under review. */
export const applicationOf = (over: Partial<BlockApplication> = {}): BlockApplication => ({
  id: '7a1b2c3d-4e5f-4a6b-9c8d-0e1f2a3b4c5d',
  orderNo: 'N2026120100001',
  productId: openProduct().id,
  code: '9999',
  names,
  price: '2500',
  minAmount: '500000',
  shares: '400',
  amount: '1000000',
  turnover: '0',
  status: 'pending',
  remarks: '',
  lockUpUntil: null,
  positionOrderNo: null,
  createdAt: '2026-12-01T01:00:00.000Z',
  decidedAt: null,
  ...over,
});
