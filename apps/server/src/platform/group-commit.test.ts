import { describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('group commit', () => {
  it('writes a request to an idle writer at once, alone', async () => {
    const many: number[][] = [];
    const writer = groupCommit<number, string>({
      writeOne: async (n) => `one ${n}`,
      writeMany: async (jobs) => {
        many.push([...jobs]);
        return jobs.map((n) => ({ ok: `many ${n}` }));
      },
      maxBatch: 10,
      retryAlone: () => true,
    });
    expect(await writer.submit(1)).toBe('one 1');
    expect(many).toEqual([]);
  });

  it('gathers the requests that arrive during a write into the next batch, in order, at most maxBatch at a time', async () => {
    const many: number[][] = [];
    const writer = groupCommit<number, string>({
      writeOne: async (n) => {
        await tick();
        return `one ${n}`;
      },
      writeMany: async (jobs) => {
        many.push([...jobs]);
        await tick();
        return jobs.map((n) => ({ ok: `many ${n}` }));
      },
      maxBatch: 4,
      retryAlone: () => true,
    });
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => writer.submit(i)));
    // The first finds the writer idle; the other eight waited for it and go in batches of four.
    expect(answers).toEqual(['one 0', ...Array.from({ length: 8 }, (_, i) => `many ${i + 1}`)]);
    expect(many).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    expect(writer.stats()).toEqual({ batches: 2, batched: 8, fallbacks: 0, single: 1 });
  });

  it('when a batch fails, writes each of its requests alone, so each gets its own answer or refusal', async () => {
    const writer = groupCommit<number, string>({
      writeOne: async (n) => {
        await tick();
        if (n === 3) throw new Error('refused 3');
        return `one ${n}`;
      },
      writeMany: async () => {
        throw new Error('the batch failed');
      },
      maxBatch: 10,
      retryAlone: () => true,
    });
    const answers = await Promise.allSettled([0, 1, 2, 3, 4].map((n) => writer.submit(n)));
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
      'one 0',
      'one 1',
      'one 2',
      'refused 3',
      'one 4',
    ]);
    expect(writer.stats().fallbacks).toBe(1);
  });

  it('passes on a refusal the batch gives one request, and the others their answers', async () => {
    const writer = groupCommit<number, string>({
      writeOne: async (n) => {
        await tick();
        return `one ${n}`;
      },
      writeMany: async (jobs) => jobs.map((n) => (n === 2 ? { error: new Error('halted') } : { ok: `many ${n}` })),
      maxBatch: 10,
      retryAlone: () => true,
    });
    const answers = await Promise.allSettled([0, 1, 2, 3].map((n) => writer.submit(n)));
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
      'one 0',
      'many 1',
      'halted',
      'many 3',
    ]);
  });

  it('does not write a batch again after an error that may have come after its commit: every request gets that error', async () => {
    let alone = 0;
    const writer = groupCommit<number, string>({
      writeOne: async (n) => {
        alone += 1;
        await tick();
        return `one ${n}`;
      },
      writeMany: async () => {
        throw new Error('connection lost');
      },
      maxBatch: 10,
      retryAlone: (err) => (err as Error).message !== 'connection lost',
    });
    const answers = await Promise.allSettled([0, 1, 2].map((n) => writer.submit(n)));
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
      'one 0',
      'connection lost',
      'connection lost',
    ]);
    expect(alone).toBe(1);
  });
});
