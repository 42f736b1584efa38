import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { readFact, readFacts, type Fact } from './facts.ts';
import { openTestDatabase, testDatabaseKinds } from './test-databases.ts';

// Issue 24: two modules' reads before a write, in one statement, each with its own placeholders.
const evens = (from: number, to: number): Fact<number[]> => ({
  sql: `SELECT coalesce(json_agg(n ORDER BY n), '[]'::json) FROM generate_series($1::int, $2::int) n WHERE n % 2 = 0`,
  params: [from, to],
  read: (json) => json as number[],
});
const named = (names: string[], prefix: string): Fact<Map<string, string>> => ({
  sql: `SELECT coalesce(json_object_agg(x, $2::text || x), '{}'::json) FROM unnest($1::text[]) x`,
  params: [names, prefix],
  read: (json) => new Map(Object.entries(json as Record<string, string>)),
});

for (const kind of testDatabaseKinds()) {
  describe(`readFacts [${kind}]`, () => {
    let db: Database;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ db, drop } = await openTestDatabase(kind));
    });
    afterAll(async () => drop());

    it('reads two facts in one statement, each with its own parameters, as each reads alone', async () => {
      const [a, b] = await readFacts(db, evens(1, 7), named(['x', 'y'], 'p-'));
      expect(a).toEqual([2, 4, 6]);
      expect(b).toEqual(
        new Map([
          ['x', 'p-x'],
          ['y', 'p-y'],
        ]),
      );
      expect(await readFact(db, evens(1, 7))).toEqual(a);
      expect(await readFact(db, named([], 'p-'))).toEqual(new Map());
    });
  });
}
