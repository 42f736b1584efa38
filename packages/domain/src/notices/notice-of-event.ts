// Issue 27 "Notices": which member event becomes which notice — its text key, parameters and the screen it opens.
// Pure: the server maps each event it relays, the screens read the same keys from catalogue part `notices`.
import { reminderTextKeys } from './reminders.ts';

/** What a notice is about: the list's icon and group. */
export const noticeTopics = [
  'deposit',
  'withdrawal',
  'realName',
  'seat',
  'block',
  'loan',
  'daytrade',
  'trade',
  'ipo',
  'copy',
  'support',
  'alert',
] as const;
export type NoticeTopic = (typeof noticeTopics)[number];

/** A notice before it is stored: a catalogue key (`notices.text.…`), string parameters and an in-app address. */
export interface NoticeDraft {
  readonly topic: NoticeTopic;
  readonly key: `notices.text.${string}`;
  readonly params: Readonly<Record<string, string>>;
  readonly link: string | null;
}

export interface MemberEventFacts {
  readonly type: string;
  readonly payload: Readonly<Record<string, string | number | boolean | null | undefined>>;
}

/** The review kinds whose decisions a member waits for, the topic they make and the screen they open. */
const decisionTopics: Readonly<Record<string, { topic: NoticeTopic; link: string }>> = {
  deposit: { topic: 'deposit', link: '/user/FundingDetails' },
  withdrawal: { topic: 'withdrawal', link: '/user/FundingDetails' },
  realName: { topic: 'realName', link: '/user/bandCard' },
  seat: { topic: 'seat', link: '/user/setting' },
  block: { topic: 'block', link: '/common/dividend3' },
  loan: { topic: 'loan', link: '/user/jkjl' },
  daytrade: { topic: 'daytrade', link: '/common/dayTrading' },
};

/** Close reasons that are news to the member (their own close is a fill like any other; the cut-off has its own). */
const closeKeys: Readonly<Record<string, NoticeDraft['key']>> = {
  member: 'notices.text.trade.closed',
  stopLoss: 'notices.text.trade.stopLoss',
  takeProfit: 'notices.text.trade.takeProfit',
  marginCall: 'notices.text.trade.marginCall',
  delisted: 'notices.text.trade.delisted',
};

/** IPO entry outcomes a member waits for (their own payment is not news; a win says the payment deadline applies). */
const ipoKeys: Readonly<Record<string, NoticeDraft['key']>> = {
  won: 'notices.text.ipo.won',
  notWon: 'notices.text.ipo.notWon',
  lapsed: 'notices.text.ipo.lapsed',
  cancelled: 'notices.text.ipo.cancelled',
};

/**
 * Copy-trading changes a follower waits for (`copy.changed`'s `what`): a lead's trade mirrored or not and why, a copied
 * position closed, a follow ended by its stop-loss, its term or the strategy closing. Starting and stopping a follow
 * are the member's own doing.
 */
const copyKeys: Readonly<Record<string, NoticeDraft['key']>> = {
  mirrored: 'notices.text.copy.mirrored',
  belowUnit: 'notices.text.copy.belowUnit',
  noCapital: 'notices.text.copy.noCapital',
  closed: 'notices.text.copy.closed',
  stopLoss: 'notices.text.copy.stopLoss',
  termEnd: 'notices.text.copy.termEnd',
  strategyClosed: 'notices.text.copy.strategyClosed',
};

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Builds params from the strings present (an absent reason is left out, not written as "null"). */
const paramsOf = (entries: Record<string, unknown>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(entries)) {
    const s = text(v);
    if (s !== null) out[k] = s;
  }
  return out;
};

function decision(kindName: unknown, p: MemberEventFacts['payload']): NoticeDraft | null {
  const kind = typeof kindName === 'string' ? decisionTopics[kindName] : undefined;
  if (!kind || (p.status !== 'approved' && p.status !== 'rejected')) return null;
  const rejected = p.status === 'rejected';
  return {
    topic: kind.topic,
    key: `notices.text.${kind.topic}.${p.status}`,
    // The staff's reason goes with a rejection (SPEC §4: applications are approved or rejected, with remarks).
    params: paramsOf({ target: p.target, reason: rejected ? p.reason : null }),
    link: kind.link,
  };
}

const positionLink = (orderNo: string) => `/position/positionDetail?orderNo=${encodeURIComponent(orderNo)}`;

/**
 * The notice a member event makes, or null when the event is not an outcome the member waits for (their own
 * application or order placed, a session ending, a notice itself). One event makes at most one notice.
 */
export function noticeOf(e: MemberEventFacts): NoticeDraft | null {
  const p = e.payload;
  switch (e.type) {
    case 'funds.depositDecided':
    case 'funds.withdrawalDecided':
    case 'verification.realNameDecided':
    case 'seat.decided':
    case 'block.decided':
      return decision(p.kind, p);
    case 'loan.changed':
      if (p.kind === 'loan') return decision('loan', p);
      if (p.kind === 'interest' && text(p.target))
        return {
          topic: 'loan',
          key: 'notices.text.loan.interest',
          params: paramsOf({ target: p.target }),
          link: '/user/jkjl',
        };
      return null;
    case 'daytrade.changed':
      if (p.kind === 'daytrade') return decision('daytrade', p);
      if (p.reason === 'daytradeCutOff')
        return { topic: 'daytrade', key: 'notices.text.daytrade.cutOff', params: {}, link: '/position/position' };
      return null;
    case 'trade.positionChanged': {
      const orderNo = text(p.orderNo);
      if (orderNo === null) return null;
      const params = paramsOf({ orderNo, symbol: p.symbol });
      if (p.status === 'holding' && p.filled === true)
        return { topic: 'trade', key: 'notices.text.trade.filled', params, link: positionLink(orderNo) };
      const key = p.status === 'closed' && typeof p.closeReason === 'string' ? closeKeys[p.closeReason] : undefined;
      return key ? { topic: 'trade', key, params, link: positionLink(orderNo) } : null;
    }
    case 'trade.marginWarning': {
      const orderNo = text(p.orderNo);
      if (orderNo === null) return null;
      return {
        topic: 'trade',
        key: 'notices.text.trade.marginWarning',
        params: paramsOf({ orderNo, symbol: p.symbol, callPrice: p.callPrice }),
        link: positionLink(orderNo),
      };
    }
    case 'copy.changed': {
      const key = typeof p.what === 'string' ? copyKeys[p.what] : undefined;
      const followId = text(p.followId);
      return key && followId !== null
        ? { topic: 'copy', key, params: {}, link: `/follow/follow?id=${encodeURIComponent(followId)}` }
        : null;
    }
    case 'ipo.entryChanged': {
      const key = typeof p.status === 'string' ? ipoKeys[p.status] : undefined;
      return key ? { topic: 'ipo', key, params: {}, link: '/market/subscribeRecord' } : null;
    }
    case 'support.message':
      // A staff reply; the member's own message (from another tab) is not news.
      return p.author === 'staff'
        ? { topic: 'support', key: 'notices.text.support.reply', params: {}, link: '/support/chat' }
        : null;
    default:
      return null;
  }
}

/** The notice of a price alert that fired, in the member's language at render time. */
export function alertNotice(a: {
  symbol: string;
  kind: 'above' | 'below' | 'move';
  price: string | null;
  percent: string | null;
  last: string;
  changePercent: string;
}): NoticeDraft {
  return {
    topic: 'alert',
    key: `notices.text.alert.${a.kind}`,
    params: paramsOf({
      symbol: a.symbol,
      price: a.price,
      percent: a.percent,
      last: a.last,
      changePercent: a.changePercent,
    }),
    link: `/market/marketDetail?symbol=${encodeURIComponent(a.symbol)}`,
  };
}

/** Every text key a notice may carry (the catalogues must have each, in all three languages). */
export const noticeTextKeys: readonly NoticeDraft['key'][] = [
  ...Object.values(decisionTopics).flatMap((k) => [
    `notices.text.${k.topic}.approved` as const,
    `notices.text.${k.topic}.rejected` as const,
  ]),
  'notices.text.loan.interest',
  'notices.text.daytrade.cutOff',
  'notices.text.trade.filled',
  'notices.text.trade.marginWarning',
  ...Object.values(closeKeys),
  ...Object.values(ipoKeys),
  ...reminderTextKeys,
  ...Object.values(copyKeys),
  'notices.text.support.reply',
  'notices.text.alert.above',
  'notices.text.alert.below',
  'notices.text.alert.move',
];
