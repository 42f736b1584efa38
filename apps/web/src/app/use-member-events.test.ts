import { describe, expect, it } from 'vitest';
import type { TopicMessage } from '../shared/stream/stream-client.ts';
import { changesBlock, changesDayTrades, changesIpo, changesTrades, dayTradesClosed } from './use-member-events.ts';

const event = (
  type: string,
  payload: Record<string, string> = { orderNo: 'T1', status: 'closed', closeReason: 'stopLoss' },
): TopicMessage =>
  ({
    type: 'event',
    topic: 'member',
    seq: '1',
    prevSeq: null,
    event: { type, payload },
  }) as TopicMessage;

describe('member events', () => {
  it('refetch the trade screens when one of the member’s positions changed', () => {
    expect(changesTrades(event('trade.positionChanged'))).toBe(true);
  });

  it('leave them alone for money and review decisions', () => {
    expect(changesTrades(event('funds.depositDecided'))).toBe(false);
    expect(changesTrades(event('verification.realNameDecided'))).toBe(false);
  });

  it('refetch the IPO screens when one of the member’s entries changed, and only then', () => {
    expect(changesIpo(event('ipo.entryChanged'))).toBe(true);
    expect(changesTrades(event('ipo.entryChanged'))).toBe(false);
    expect(changesIpo(event('trade.positionChanged'))).toBe(false);
    expect(changesIpo(event('funds.depositDecided'))).toBe(false);
  });

  it('refetch the block-trade screens when one of the member’s applications was decided, and only then', () => {
    expect(changesBlock(event('block.decided'))).toBe(true);
    expect(changesIpo(event('block.decided'))).toBe(false);
    expect(changesBlock(event('ipo.entryChanged'))).toBe(false);
    expect(changesBlock(event('seat.decided'))).toBe(false);
  });

  it('refetch the positions when day trades changed, and say so when the cut-off closed them (issue 26)', () => {
    const cutOff = event('daytrade.changed', { reason: 'daytradeCutOff', at: '2026-11-27T06:30:00.000Z' });
    expect(changesDayTrades(cutOff)).toBe(true);
    expect(dayTradesClosed(cutOff)).toBe(true);
    expect(dayTradesClosed(event('daytrade.changed', { id: 'x', status: 'approved' }))).toBe(false);
    expect(dayTradesClosed(event('trade.positionChanged', { reason: 'daytradeCutOff' }))).toBe(false);
  });
});
