import { describe, expect, it } from 'vitest';
import { alertNotice, noticeOf, noticeTextKeys } from './notice-of-event.ts';

describe('noticeOf', () => {
  it('makes a deposit approval a notice that opens the fund records', () => {
    expect(
      noticeOf({
        type: 'funds.depositDecided',
        payload: { kind: 'deposit', target: 'D1', status: 'approved', reason: 'ok' },
      }),
    ).toEqual({
      topic: 'deposit',
      key: 'notices.text.deposit.approved',
      params: { target: 'D1' },
      link: '/user/FundingDetails',
    });
  });

  it('carries the reason of a rejection', () => {
    for (const [type, kind, link] of [
      ['funds.withdrawalDecided', 'withdrawal', '/user/FundingDetails'],
      ['verification.realNameDecided', 'realName', '/user/bandCard'],
      ['seat.decided', 'seat', '/user/setting'],
      ['block.decided', 'block', '/common/dividend3'],
      ['loan.changed', 'loan', '/user/jkjl'],
      ['daytrade.changed', 'daytrade', '/common/dayTrading'],
    ] as const)
      expect(noticeOf({ type, payload: { kind, target: 'X9', status: 'rejected', reason: 'Blurred image' } })).toEqual({
        topic: kind,
        key: `notices.text.${kind}.rejected`,
        params: { target: 'X9', reason: 'Blurred image' },
        link,
      });
  });

  it('ignores what the member did themselves and what is not news', () => {
    expect(noticeOf({ type: 'loan.changed', payload: { kind: 'applied', target: 'L1' } })).toBeNull();
    expect(noticeOf({ type: 'daytrade.changed', payload: { target: 'q', status: 'pending' } })).toBeNull();
    expect(
      noticeOf({ type: 'funds.depositDecided', payload: { kind: 'deposit', target: 'D', status: 'pending' } }),
    ).toBeNull();
    expect(noticeOf({ type: 'trade.positionChanged', payload: { orderNo: 'T1', status: 'pending' } })).toBeNull();
    expect(
      noticeOf({ type: 'trade.positionChanged', payload: { orderNo: 'T1', status: 'holding', filled: false } }),
    ).toBeNull();
    expect(
      noticeOf({
        type: 'trade.positionChanged',
        payload: { orderNo: 'T1', status: 'closed', closeReason: 'daytradeCutOff' },
      }),
    ).toBeNull();
    expect(noticeOf({ type: 'ipo.entryChanged', payload: { entryId: 'e', status: 'paid' } })).toBeNull();
    expect(noticeOf({ type: 'support.message', payload: { author: 'member' } })).toBeNull();
    expect(noticeOf({ type: 'notice.created', payload: { id: '1' } })).toBeNull();
    expect(noticeOf({ type: 'session.ended', payload: { tokenHash: 'x' } })).toBeNull();
  });

  it('says fills and every kind of close, linking the position', () => {
    expect(
      noticeOf({
        type: 'trade.positionChanged',
        payload: { orderNo: 'T1', status: 'holding', filled: true, symbol: '7203', closeReason: null },
      }),
    ).toEqual({
      topic: 'trade',
      key: 'notices.text.trade.filled',
      params: { orderNo: 'T1', symbol: '7203' },
      link: '/position/positionDetail?orderNo=T1',
    });
    for (const reason of ['member', 'stopLoss', 'takeProfit', 'marginCall', 'delisted'])
      expect(
        noticeOf({ type: 'trade.positionChanged', payload: { orderNo: 'T2', status: 'closed', closeReason: reason } })
          ?.key,
      ).toBe(reason === 'member' ? 'notices.text.trade.closed' : `notices.text.trade.${reason}`);
  });

  it('says lottery results, loan interest, the cut-off and staff replies', () => {
    expect(noticeOf({ type: 'ipo.entryChanged', payload: { entryId: 'e', status: 'won' } })?.key).toBe(
      'notices.text.ipo.won',
    );
    expect(noticeOf({ type: 'ipo.entryChanged', payload: { entryId: 'e', status: 'notWon' } })?.key).toBe(
      'notices.text.ipo.notWon',
    );
    expect(noticeOf({ type: 'loan.changed', payload: { kind: 'interest', target: 'L7' } })).toMatchObject({
      key: 'notices.text.loan.interest',
      params: { target: 'L7' },
    });
    expect(noticeOf({ type: 'daytrade.changed', payload: { reason: 'daytradeCutOff', at: 'x' } })?.key).toBe(
      'notices.text.daytrade.cutOff',
    );
    expect(noticeOf({ type: 'support.message', payload: { author: 'staff' } })?.link).toBe('/support/chat');
  });

  it('makes every key it can answer part of the known list', () => {
    expect(new Set(noticeTextKeys).size).toBe(noticeTextKeys.length);
    const a = alertNotice({
      symbol: '7203',
      kind: 'move',
      price: null,
      percent: '5',
      last: '3100',
      changePercent: '5.08',
    });
    expect(a).toEqual({
      topic: 'alert',
      key: 'notices.text.alert.move',
      params: { symbol: '7203', percent: '5', last: '3100', changePercent: '5.08' },
      link: '/market/marketDetail?symbol=7203',
    });
    expect(noticeTextKeys).toContain(a.key);
  });
});

describe('margin warnings and copy trading', () => {
  it('warns of a margin call with the call price, opening the position', () => {
    expect(
      noticeOf({ type: 'trade.marginWarning', payload: { orderNo: 'T1', symbol: '7203', callPrice: '2250' } }),
    ).toEqual({
      topic: 'trade',
      key: 'notices.text.trade.marginWarning',
      params: { orderNo: 'T1', symbol: '7203', callPrice: '2250' },
      link: '/position/positionDetail?orderNo=T1',
    });
  });

  it('tells a follower what their follow did, and not what they did themselves', () => {
    for (const what of ['mirrored', 'belowUnit', 'noCapital', 'closed', 'stopLoss', 'termEnd', 'strategyClosed'])
      expect(noticeOf({ type: 'copy.changed', payload: { followId: 'f-1', what } })).toEqual({
        topic: 'copy',
        key: `notices.text.copy.${what}`,
        params: {},
        link: '/follow/follow?id=f-1',
      });
    expect(noticeOf({ type: 'copy.changed', payload: { followId: 'f-1', what: 'started' } })).toBeNull();
    expect(noticeOf({ type: 'copy.changed', payload: { followId: 'f-1', what: 'stopped' } })).toBeNull();
    expect(noticeOf({ type: 'copy.changed', payload: { what: 'mirrored' } })).toBeNull();
  });

  it('lists the new keys among those the catalogues must have', () => {
    for (const key of [
      'notices.text.trade.marginWarning',
      'notices.text.copy.mirrored',
      'notices.text.ipo.paymentDue',
      'notices.text.loan.dueSoon',
      'notices.text.loan.overdue',
    ])
      expect(noticeTextKeys).toContain(key);
  });
});
