import { z } from 'zod';
import { memberCall } from '../policy.ts';
import { adminPolicies } from '../admin/policies.ts';
import { defineCall } from '../call.ts';
import { errorKeys } from '../errors.ts';
import { decisionField, idField, moneyString, pageFields, reasonField, reviewStatus } from '../fields.ts';
import { namesSchema, symbolField } from '../market/fields.ts';

// Issue 25: block trades (立会外分売; SPEC §2 "negotiated bidding / block trade"), packages/domain/src/block. Screens
// (docs/architecture.md "Block trades"): /common/dividend the product list, /common/dividend2 the application form
// of one product, /common/dividend3 the member's applications, /common/dividend4 one application's detail.

/** upcoming: listed, its window not yet open; open; closed: the window has ended; withdrawn by staff. */
export const productPhases = ['upcoming', 'open', 'closed', 'withdrawn'] as const;

/** A product as members see it (the daily application limit is not shown: SPEC §5 "number not shown"). */
export const blockProductSchema = z.object({
  id: z.string(),
  code: z.string(),
  names: namesSchema,
  /** Price a share, yen. */
  price: moneyString,
  /** The smallest amount (price × shares) one application may buy, yen. */
  minAmount: moneyString,
  /** The most shares one member may apply for in this product. */
  maxShares: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
  /** Sale of the shares is locked until this instant; null: no lock-up. */
  lockUpUntil: z.string().nullable(),
  passwordRequired: z.boolean(),
  seatOnly: z.boolean(),
  phase: z.enum(productPhases),
});
export type BlockProduct = z.infer<typeof blockProductSchema>;

/** SPEC §3 "block trade application": product, code, price, amount, quantity, turnover, minimum, status. */
export const blockApplicationSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  productId: z.string(),
  code: z.string(),
  names: namesSchema,
  price: moneyString,
  minAmount: moneyString,
  shares: z.string(),
  /** Price × shares, held from available funds while the application waits. */
  amount: moneyString,
  /** What the approved application bought (price × shares); "0" until approved, and when rejected. */
  turnover: moneyString,
  status: reviewStatus,
  /** Staff's reason for the decision. */
  remarks: z.string(),
  lockUpUntil: z.string().nullable(),
  /** The position the approved shares became (its order number). */
  positionOrderNo: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type BlockApplication = z.infer<typeof blockApplicationSchema>;

const productIdField = z
  .string({ error: errorKeys.block.notFound })
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: errorKeys.block.notFound });
const applicationIdField = z
  .string({ error: errorKeys.order.notExist })
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: errorKeys.order.notExist });

/** A channel password as typed; anything longer than any password staff can set is wrong without being hashed. */
export const channelPasswordLimit = 64;

export const blockListCall = defineCall({
  policy: memberCall,
  path: 'market/block/list',
  summary: 'Block-trade products not withdrawn, open ones first, with their terms',
  request: z.object({}),
  response: z.object({ items: z.array(blockProductSchema) }),
});

export const blockDetailCall = defineCall({
  policy: memberCall,
  path: 'market/block/detail',
  summary: 'One product with what the member needs to apply: available funds, shares already applied, seat',
  request: z.object({ id: productIdField }),
  response: blockProductSchema.extend({
    available: moneyString,
    /** Shares of the member's pending and approved applications in this product. */
    sharesHeld: z.string(),
    hasSeat: z.boolean(),
    realNameVerified: z.boolean(),
  }),
});

export const blockApplyCall = defineCall({
  policy: memberCall,
  path: 'market/block/apply',
  summary: 'Apply for a block trade in 100-share units: price × shares is held until staff decide',
  request: z.object({
    id: productIdField,
    shares: z
      .string({ error: errorKeys.trade.quantityUnit })
      .trim()
      .regex(/^[1-9]\d{0,11}$/, { error: errorKeys.trade.quantityUnit })
      .refine((s) => Number(s) % 100 === 0, { error: errorKeys.trade.quantityUnit }),
    /** Required when the product has a channel password. */
    password: z
      .string({ error: errorKeys.password.channelWrong })
      .max(channelPasswordLimit, { error: errorKeys.password.channelWrong })
      .optional(),
  }),
  response: blockApplicationSchema,
});

export const blockApplicationsCall = defineCall({
  policy: memberCall,
  path: 'market/block/applications',
  summary: 'The member’s block-trade applications, newest first',
  request: z.object({ ...pageFields }),
  response: z.object({ items: z.array(blockApplicationSchema), total: z.number().int() }),
});

export const blockApplicationCall = defineCall({
  policy: memberCall,
  path: 'market/block/application',
  summary: 'One of the member’s block-trade applications',
  request: z.object({ id: applicationIdField }),
  response: blockApplicationSchema,
});

// ——— Back office ———

const instantField = z.iso.datetime({ offset: true, error: errorKeys.request.invalid });

export const adminBlockProductSchema = blockProductSchema.extend({
  dailyLimit: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
  withdrawnAt: z.string().nullable(),
  withdrawReason: z.string().nullable(),
  applications: z.number().int(),
});

export const adminBlockListCall = defineCall({
  policy: adminPolicies.blockList,
  path: 'admin/block/products',
  summary: 'Staff: every block-trade product with its terms and number of applications',
  request: z.object({}),
  response: z.object({ items: z.array(adminBlockProductSchema) }),
});

export const adminBlockCreateCall = defineCall({
  policy: adminPolicies.blockSave,
  path: 'admin/block/create',
  summary: 'Staff: list a block-trade product (audited): a price inside the day’s limits, its terms and window',
  request: z.object({
    code: symbolField,
    price: z
      .string({ error: errorKeys.block.priceInvalid })
      .trim()
      .regex(/^(?:0|[1-9]\d{0,8})(?:\.\d)?$/, { error: errorKeys.block.priceInvalid }),
    minAmount: z
      .string({ error: errorKeys.block.minAmountInvalid })
      .trim()
      .regex(/^[1-9]\d{0,11}$/, { error: errorKeys.block.minAmountInvalid }),
    maxShares: z
      .string({ error: errorKeys.block.maxSharesInvalid })
      .trim()
      .regex(/^[1-9]\d{0,11}$/, { error: errorKeys.block.maxSharesInvalid })
      .refine((s) => Number(s) % 100 === 0, { error: errorKeys.block.maxSharesInvalid }),
    dailyLimit: z
      .number({ error: errorKeys.block.dailyLimitInvalid })
      .int({ error: errorKeys.block.dailyLimitInvalid })
      .min(1, { error: errorKeys.block.dailyLimitInvalid })
      .max(100, { error: errorKeys.block.dailyLimitInvalid }),
    opensAt: instantField,
    closesAt: instantField,
    lockUpUntil: instantField.nullable(),
    /** null: no channel password. Stored as an argon2 hash. */
    password: z
      .string({ error: errorKeys.block.passwordInvalid })
      .min(4, { error: errorKeys.block.passwordInvalid })
      .max(channelPasswordLimit, { error: errorKeys.block.passwordInvalid })
      .nullable(),
    seatOnly: z.boolean({ error: errorKeys.request.invalid }),
    reason: reasonField,
  }),
  response: adminBlockProductSchema,
});

export const adminBlockWithdrawCall = defineCall({
  policy: adminPolicies.blockSave,
  path: 'admin/block/withdraw',
  summary: 'Staff: withdraw a product (audited): no new applications; those waiting are still decided',
  request: z.object({ id: productIdField, reason: reasonField }),
  response: adminBlockProductSchema,
});

export const blockReviewSchema = blockApplicationSchema.extend({
  memberId: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  approvals: z.number().int(),
  approvalsRequired: z.number().int(),
  approvedBy: z.array(z.string()),
});

export const adminBlockApplicationsCall = defineCall({
  policy: adminPolicies.blockApplicationsList,
  path: 'admin/block/applications',
  summary: 'Staff: block-trade applications by status, oldest waiting first',
  request: z.object({ status: reviewStatus.default('pending'), ...pageFields }),
  response: z.object({ items: z.array(blockReviewSchema), total: z.number().int() }),
});

export const adminBlockDecideCall = defineCall({
  policy: adminPolicies.blockDecide,
  path: 'admin/block/decide',
  summary:
    'Staff: approve (the shares become a position under "competition") or reject (the hold is released), with a reason',
  request: z.object({ id: idField, decision: decisionField, reason: reasonField }),
  response: z.object({
    status: reviewStatus,
    approvals: z.number().int(),
    approvalsRequired: z.number().int(),
  }),
});
