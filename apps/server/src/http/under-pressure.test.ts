import { expect, it } from 'vitest';
import { errorKeys } from '@kabuto/contracts/errors';
import { describeEachDatabase } from '../test/harness.ts';

// Issue 17 §13: a process under pressure sheds load: it refuses new requests at once with 503 and the catalogued
// "busy" key instead of queueing them behind work it cannot finish. The limit here is one any process is over (a heap
// of more than one byte), so the refusal does not depend on how busy the machine running the test is.
describeEachDatabase(
  'load shedding under pressure',
  (h) => {
    it('answers 503 with errors.process.busy and Retry-After once the process is over a limit', async () => {
      let answer = await h().call('market/status');
      for (let tries = 0; answer.http !== 503 && tries < 100; tries++) {
        await new Promise((r) => setTimeout(r, 20));
        answer = await h().call('market/status');
      }
      expect(answer.http).toBe(503);
      expect(answer.status).toBe(0);
      expect(answer.msg).toBe(errorKeys.process.busy);
      expect(answer.headers['retry-after']).toBe('5');
    });
  },
  { pressure: { maxHeapUsedBytes: 1, sampleIntervalMs: 10, retryAfterSeconds: 5 } },
);
