// SPEC §8: every refusal the server sends is one of these keys; the web catalogues translate each.
export const errorKeys = {
  account: {
    notExist: 'errors.account.notExist',
    wrongCredentials: 'errors.account.wrongCredentials',
    alreadyExists: 'errors.account.alreadyExists',
    inviterNotExist: 'errors.account.inviterNotExist',
    accountEmpty: 'errors.account.accountEmpty',
    passwordEmpty: 'errors.account.passwordEmpty',
    registerFailed: 'errors.account.registerFailed',
    accountFormat: 'errors.account.accountFormat',
    termsRequired: 'errors.account.termsRequired',
    locked: 'errors.account.locked',
  },
  restriction: {
    frozen: 'errors.restriction.frozen',
    loginBanned: 'errors.restriction.loginBanned',
    disabled: 'errors.restriction.disabled',
    noTrading: 'errors.restriction.noTrading',
    noWithdrawal: 'errors.restriction.noWithdrawal',
  },
  password: {
    originalWrong: 'errors.password.originalWrong',
    mismatch: 'errors.password.mismatch',
    fundWrong: 'errors.password.fundWrong',
    channelWrong: 'errors.password.channelWrong',
    secretMismatch: 'errors.password.secretMismatch',
    format: 'errors.password.format',
    fundNotSet: 'errors.password.fundNotSet',
    fundAlreadySet: 'errors.password.fundAlreadySet',
    sameAsOld: 'errors.password.sameAsOld',
    fundLocked: 'errors.password.fundLocked',
  },
  reset: {
    codeInvalid: 'errors.reset.codeInvalid',
    codeExpired: 'errors.reset.codeExpired',
  },
  process: {
    tooFrequent: 'errors.process.tooFrequent',
    busy: 'errors.process.busy',
    otherFundOperation: 'errors.process.otherFundOperation',
  },
  request: {
    invalid: 'errors.request.invalid',
    tooLarge: 'errors.request.tooLarge',
    notFound: 'errors.request.notFound',
    unsupportedMediaType: 'errors.request.unsupportedMediaType',
  },
  funds: {
    insufficientBalance: 'errors.funds.insufficientBalance',
    insufficientAvailable: 'errors.funds.insufficientAvailable',
    insufficientWithdrawable: 'errors.funds.insufficientWithdrawable',
    creditScoreTooLow: 'errors.funds.creditScoreTooLow',
    amountInvalid: 'errors.funds.amountInvalid',
    depositBelowMin: 'errors.funds.depositBelowMin',
    depositAboveMax: 'errors.funds.depositAboveMax',
    withdrawBelowMin: 'errors.funds.withdrawBelowMin',
    withdrawAboveMax: 'errors.funds.withdrawAboveMax',
    depositClosed: 'errors.funds.depositClosed',
    withdrawClosed: 'errors.funds.withdrawClosed',
    channelNotFound: 'errors.funds.channelNotFound',
  },
  cards: {
    alreadyExists: 'errors.cards.alreadyExists',
    notFound: 'errors.cards.notFound',
    bankCardNotExist: 'errors.cards.bankCardNotExist',
    notOwn: 'errors.cards.notOwn',
    holderMismatch: 'errors.cards.holderMismatch',
    pendingWithdrawal: 'errors.cards.pendingWithdrawal',
    indianFieldsRequired: 'errors.cards.indianFieldsRequired',
  },
  verification: {
    notPassed: 'errors.verification.notPassed',
    pending: 'errors.verification.pending',
    required: 'errors.verification.required',
    alreadyVerified: 'errors.verification.alreadyVerified',
    receiptRequired: 'errors.verification.receiptRequired',
  },
  upload: {
    badType: 'errors.upload.badType',
    tooLarge: 'errors.upload.tooLarge',
    empty: 'errors.upload.empty',
    notFound: 'errors.upload.notFound',
  },
  exchange: {
    sameCurrency: 'errors.exchange.sameCurrency',
    unsupportedPair: 'errors.exchange.unsupportedPair',
    quoteExpired: 'errors.exchange.quoteExpired',
  },
  order: {
    notExist: 'errors.order.notExist',
    notInReview: 'errors.order.notInReview',
    pendingReviewExists: 'errors.order.pendingReviewExists',
  },
  // SPEC §8 "Orders", "Timing" and "Products", and the ticket's own checks (issue 18).
  trade: {
    notPending: 'errors.trade.notPending',
    notHolding: 'errors.trade.notHolding',
    notTradingTime: 'errors.trade.notTradingTime',
    sameDaySale: 'errors.trade.sameDaySale',
    tPlusOneSale: 'errors.trade.tPlusOneSale',
    lockUp: 'errors.trade.lockUp',
    minHolding: 'errors.trade.minHolding',
    exceedsPriceLimit: 'errors.trade.exceedsPriceLimit',
    priceNotObtained: 'errors.trade.priceNotObtained',
    productUnavailable: 'errors.trade.productUnavailable',
    quantityUnit: 'errors.trade.quantityUnit',
    quantityTooLarge: 'errors.trade.quantityTooLarge',
    priceOffGrid: 'errors.trade.priceOffGrid',
    limitPriceRequired: 'errors.trade.limitPriceRequired',
    leverageNotAllowed: 'errors.trade.leverageNotAllowed',
    stopLossSide: 'errors.trade.stopLossSide',
    takeProfitSide: 'errors.trade.takeProfitSide',
    marginAmount: 'errors.trade.marginAmount',
  },
  // SPEC §8 "Orders" and "Timing" for new-share subscriptions (issue 25), and the checks of an offering staff set up.
  ipo: {
    notFound: 'errors.ipo.notFound',
    notSubscriptionTime: 'errors.ipo.notSubscriptionTime',
    notInSubscriptionState: 'errors.ipo.notInSubscriptionState',
    sharesRequired: 'errors.ipo.sharesRequired',
    codeTaken: 'errors.ipo.codeTaken',
    priceInvalid: 'errors.ipo.priceInvalid',
    sharesOnOfferInvalid: 'errors.ipo.sharesOnOfferInvalid',
    timesOutOfOrder: 'errors.ipo.timesOutOfOrder',
    timesInPast: 'errors.ipo.timesInPast',
    lockUpBeforeListing: 'errors.ipo.lockUpBeforeListing',
    notCancellable: 'errors.ipo.notCancellable',
    notDrawn: 'errors.ipo.notDrawn',
  },
  seat: {
    alreadySeat: 'errors.seat.alreadySeat',
  },
  review: {
    ownCase: 'errors.review.ownCase',
    alreadyDecidedByYou: 'errors.review.alreadyDecidedByYou',
  },
  stream: {
    authRequired: 'errors.stream.authRequired',
    badMessage: 'errors.stream.badMessage',
    unknownTopic: 'errors.stream.unknownTopic',
    tooManySubscriptions: 'errors.stream.tooManySubscriptions',
  },
  market: {
    unknownSymbol: 'errors.market.unknownSymbol',
    unknownPeriod: 'errors.market.unknownPeriod',
    halted: 'errors.market.halted',
    delisted: 'errors.market.delisted',
    alreadyHalted: 'errors.market.alreadyHalted',
    notHalted: 'errors.market.notHalted',
    watchlistFull: 'errors.market.watchlistFull',
    unknownIndex: 'errors.market.unknownIndex',
  },
  news: {
    notFound: 'errors.news.notFound',
    alreadyUnpublished: 'errors.news.alreadyUnpublished',
  },
  idempotency: {
    keyReused: 'errors.idempotency.keyReused',
    inProgress: 'errors.idempotency.inProgress',
  },
  admin: {
    reasonRequired: 'errors.admin.reasonRequired',
    memberNotFound: 'errors.admin.memberNotFound',
    restrictionNotActive: 'errors.admin.restrictionNotActive',
    restrictionActive: 'errors.admin.restrictionActive',
  },
  // Issue 25 "Staff accounts": an admin creates, re-roles, disables and re-enables staff accounts.
  staff: {
    disabled: 'errors.staff.disabled',
    notFound: 'errors.staff.notFound',
    lastAdmin: 'errors.staff.lastAdmin',
    sameRole: 'errors.staff.sameRole',
    alreadyDisabled: 'errors.staff.alreadyDisabled',
    notDisabled: 'errors.staff.notDisabled',
  },
  auth: {
    required: 'errors.auth.required',
    accountMismatch: 'errors.auth.accountMismatch',
    forbidden: 'errors.auth.forbidden',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
export type ErrorKey = Leaves<typeof errorKeys>;

export function allErrorKeys(): ErrorKey[] {
  const out: ErrorKey[] = [];
  for (const group of Object.values(errorKeys)) out.push(...(Object.values(group) as ErrorKey[]));
  return out;
}

// Success notices (SPEC §8: "success messages exist for login, registration, changes, ...").
export const successKeys = {
  login: 'success.login',
  register: 'success.register',
  changed: 'success.changed',
  logout: 'success.logout',
  codeSent: 'success.codeSent',
  submitted: 'success.submitted',
  deposit: 'success.deposit',
  withdraw: 'success.withdraw',
  exchange: 'success.exchange',
  cardAdded: 'success.cardAdded',
  cardRemoved: 'success.cardRemoved',
  decided: 'success.decided',
  firstApproval: 'success.firstApproval',
  saved: 'success.saved',
  watchlistAdded: 'success.watchlistAdded',
  watchlistRemoved: 'success.watchlistRemoved',
  purchase: 'success.purchase',
  cancel: 'success.cancel',
  closed: 'success.closed',
  marginAdded: 'success.marginAdded',
  subscribed: 'success.subscribed',
  paid: 'success.paid',
  offeringSaved: 'success.offeringSaved',
} as const;
export type SuccessKey = (typeof successKeys)[keyof typeof successKeys];
