/**
 * Group commit (issue 18's order bench): requests that arrive while a write is in flight wait for it to finish and
 * are then written together, in one transaction, by `writeMany`; one that arrives to an idle writer is written at once
 * by `writeOne`, so a quiet process adds no delay. A busy one pays each round trip to the database once per batch
 * instead of once per request.
 *
 * A batch succeeds or fails whole: when `writeMany` throws an error `retryAlone` accepts (one request short of money,
 * a duplicate key: anything after which nothing of the batch can have been written), every request of the batch is
 * written again alone by `writeOne`, so each gets its own answer or refusal exactly as if it had come alone. Any other
 * error (a connection lost, perhaps after the commit went out) is every request's answer: writing them again could
 * write them twice. `writeMany` may also answer a request with an error of
 * its own (a refusal it found before writing) while writing the others.
 */
export type BatchAnswer<R> = { ok: R } | { error: unknown };

export interface GroupCommit<J, R> {
  submit(job: J): Promise<R>;
  /** Figures for the bench and the logs: batches written, requests in them, batches that fell back to one by one. */
  stats(): { batches: number; batched: number; fallbacks: number; single: number };
}

export function groupCommit<J, R>(opts: {
  writeOne: (job: J) => Promise<R>;
  writeMany: (jobs: readonly J[]) => Promise<readonly BatchAnswer<R>[]>;
  maxBatch: number;
  retryAlone: (err: unknown) => boolean;
}): GroupCommit<J, R> {
  interface Waiting {
    job: J;
    resolve: (r: R) => void;
    reject: (err: unknown) => void;
  }
  const queue: Waiting[] = [];
  // One writer: a batch starts when the one before it has finished. Two at once were no faster (issue 24's bench:
  // 825 against 835 orders/s, smaller batches), since both wait on the same house accounts and round trips.
  const writers = 1;
  const counts = { batches: 0, batched: 0, fallbacks: 0, single: 0 };

  const settle = (w: Waiting, p: Promise<R>) => p.then(w.resolve, w.reject);

  async function writeBatch(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      counts.single += 1;
      await settle(batch[0] as Waiting, opts.writeOne((batch[0] as Waiting).job));
      return;
    }
    let answers: readonly BatchAnswer<R>[];
    try {
      answers = await opts.writeMany(batch.map((w) => w.job));
    } catch (err) {
      if (!opts.retryAlone(err)) {
        for (const w of batch) w.reject(err);
        return;
      }
      counts.fallbacks += 1;
      for (const w of batch) await settle(w, opts.writeOne(w.job));
      return;
    }
    counts.batches += 1;
    counts.batched += batch.length;
    batch.forEach((w, i) => {
      const a = answers[i];
      if (a && 'ok' in a) w.resolve(a.ok);
      else w.reject(a ? a.error : new Error('group commit: no answer for a request'));
    });
  }

  let writing = 0;
  /** Starts a writer on what is waiting while fewer than `writers` are writing; each takes up to maxBatch. */
  function pump(): void {
    while (queue.length > 0 && writing < writers) {
      writing += 1;
      const batch = queue.splice(0, opts.maxBatch);
      void writeBatch(batch)
        .catch((err: unknown) => {
          for (const w of batch) w.reject(err);
        })
        .finally(() => {
          writing -= 1;
          pump();
        });
    }
  }

  return {
    submit(job) {
      return new Promise<R>((resolve, reject) => {
        queue.push({ job, resolve, reject });
        pump();
      });
    },
    stats: () => ({ ...counts }),
  };
}
