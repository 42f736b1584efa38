import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSimulator } from './simulator.ts';
import { RecordedTickError, parseRecordedTicks, readRecordedTicks, replayFeed, simulatedFeed } from './feed.ts';
import type { FeedTick } from './feed.ts';

const recording = [
  '{"symbol":"7203","price":"2900","volume":100,"turnover":"290000","at":"2026-11-20T00:00:00.000Z"}',
  '',
  '{"symbol":"6758","price":"4000.5","volume":200,"at":"2026-11-20T00:00:02.000Z"}',
  '{"symbol":"7203","price":"2901","volume":300,"at":"2026-11-20T00:00:01.000Z"}',
].join('\n');

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('recorded ticks', () => {
  it('reads JSON lines, skipping blanks and filling in turnover', () => {
    const ticks = parseRecordedTicks(recording);
    expect(ticks.map((t) => [t.symbol, t.price, t.volume, t.turnover])).toEqual([
      ['7203', '2900', 100, '290000'],
      ['6758', '4000.5', 200, '800100'],
      ['7203', '2901', 300, '870300'],
    ]);
    expect(ticks[0]?.at.toISOString()).toBe('2026-11-20T00:00:00.000Z');
  });

  it('names the line of a bad record', () => {
    const bad = `${recording}\n{"symbol":"7203","price":2900,"volume":100,"at":"2026-11-20T00:00:03Z"}`;
    expect(() => parseRecordedTicks(bad)).toThrow(RecordedTickError);
    expect(() => parseRecordedTicks(bad)).toThrow(/line 5/);
    expect(() => parseRecordedTicks('{"symbol":"7203","price":"1e3","volume":1,"at":"2026-11-20T00:00:00Z"}')).toThrow(
      /line 1/,
    );
    expect(() => parseRecordedTicks('not json')).toThrow(/line 1: not JSON/);
  });

  it('reads a recording from a file', async () => {
    vi.useRealTimers();
    const dir = await mkdtemp(join(tmpdir(), 'kabuto-replay-'));
    try {
      await writeFile(join(dir, 'ticks.jsonl'), recording);
      expect(await readRecordedTicks(join(dir, 'ticks.jsonl'))).toHaveLength(3);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('replay feed', () => {
  it('plays ticks in time order at the recorded pace, each marked as a replay', () => {
    const feed = replayFeed({ ticks: recording });
    const seen: FeedTick[] = [];
    feed.subscribe((tick) => seen.push(tick));
    feed.start();
    vi.advanceTimersByTime(0);
    expect(seen.map((t) => t.price)).toEqual(['2900']);
    vi.advanceTimersByTime(1000);
    expect(seen.map((t) => t.price)).toEqual(['2900', '2901']);
    vi.advanceTimersByTime(1000);
    expect(seen.map((t) => [t.symbol, t.source])).toEqual([
      ['7203', 'replay'],
      ['7203', 'replay'],
      ['6758', 'replay'],
    ]);
    expect(feed.source).toBe('replay');
  });

  it('stops and resumes where it left off, and stops sending to a listener that left', () => {
    const feed = replayFeed({ ticks: parseRecordedTicks(recording), speed: 2 });
    const first: string[] = [];
    const second: string[] = [];
    const leave = feed.subscribe((tick) => first.push(tick.price));
    feed.subscribe((tick) => second.push(tick.price));
    feed.start();
    vi.advanceTimersByTime(0);
    feed.stop();
    vi.advanceTimersByTime(10_000);
    expect(second).toEqual(['2900']);
    leave();
    feed.start();
    vi.advanceTimersByTime(1_000);
    expect(first).toEqual(['2900']);
    expect(second).toEqual(['2900', '2901', '4000.5']);
  });

  it('caps long gaps and can loop', () => {
    const ticks = parseRecordedTicks(
      [
        '{"symbol":"A","price":"1","volume":100,"at":"2026-11-20T06:29:00Z"}',
        '{"symbol":"A","price":"2","volume":100,"at":"2026-11-24T00:00:00Z"}',
      ].join('\n'),
    );
    const feed = replayFeed({ ticks, maxGapMs: 500, loop: true });
    const seen: string[] = [];
    feed.subscribe((tick) => seen.push(tick.price));
    feed.start();
    vi.advanceTimersByTime(500); // a four-day gap waits only 500 ms
    expect(seen).toEqual(['1', '2']);
    vi.advanceTimersByTime(1); // timers treat a 0 ms wait as 1 ms
    expect(seen).toEqual(['1', '2', '1']);
    feed.stop();
  });
});

describe('simulated feed', () => {
  it('steps the simulator on its timer and marks every tick as simulated', () => {
    let clock = new Date('2026-11-20T00:00:00Z');
    const simulator = createSimulator({
      seed: 4,
      // Busy enough to trade at every step (a stock trades in a step by the lots it trades in that time).
      companies: [{ code: '7203', tickTable: 'topix500', basePrice: '2900', dailyVolume: 50_000_000 }],
      now: clock,
      activity: 1,
    });
    const feed = simulatedFeed({ simulator, intervalMs: 1000, now: () => clock });
    const seen: FeedTick[] = [];
    feed.subscribe((tick) => seen.push(tick));
    feed.start();
    clock = new Date('2026-11-20T00:00:01Z');
    vi.advanceTimersByTime(3000);
    feed.stop();
    vi.advanceTimersByTime(3000);
    expect(seen).toHaveLength(3);
    expect(seen.every((t) => t.source === 'simulated' && t.symbol === '7203')).toBe(true);
    expect(feed.source).toBe('simulated');
  });
});
