import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { errorKeys } from '../errors.ts';
import { parseTopic } from './messages.ts';

describe('stream topic names', () => {
  it('reads the market topics and the member topic', () => {
    expect(parseTopic('member')).toEqual({ topic: 'member' });
    expect(parseTopic('indices')).toEqual({ topic: 'indices', market: { kind: 'indices' } });
    expect(parseTopic('quotes:7203')).toEqual({ topic: 'quotes:7203', market: { kind: 'quotes', symbol: '7203' } });
    expect(parseTopic('depth:285A')).toEqual({ topic: 'depth:285A', market: { kind: 'depth', symbol: '285A' } });
    expect(parseTopic('candles:7203:1M')).toEqual({
      topic: 'candles:7203:1M',
      market: { kind: 'candles', symbol: '7203', period: '1M' },
    });
  });

  it('refuses bad symbols, periods and topics with their catalogued keys', () => {
    expect(parseTopic('quotes:72O3x')).toEqual({ error: errorKeys.market.unknownSymbol });
    expect(parseTopic('quotes:')).toEqual({ error: errorKeys.market.unknownSymbol });
    expect(parseTopic('candles:7203:1h')).toEqual({ error: errorKeys.market.unknownPeriod });
    expect(parseTopic('candles:7203')).toEqual({ error: errorKeys.stream.unknownTopic });
    expect(parseTopic('Quotes:7203')).toEqual({ error: errorKeys.stream.unknownTopic });
    expect(parseTopic('__proto__')).toEqual({ error: errorKeys.stream.unknownTopic });
  });

  it('never throws and always answers a topic or a catalogued key, whatever the text', () => {
    const keys = new Set<string>([
      errorKeys.market.unknownSymbol,
      errorKeys.market.unknownPeriod,
      errorKeys.stream.unknownTopic,
    ]);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `quotes:${s}`),
          fc.string().map((s) => `candles:7203:${s}`),
          fc.string().map((s) => `candles:${s}:1m`),
        ),
        (text) => {
          const parsed = parseTopic(text);
          if ('error' in parsed) expect(keys.has(parsed.error)).toBe(true);
          else expect(parsed.topic).toBe(text);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
