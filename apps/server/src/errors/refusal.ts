import type { ErrorKey } from '@kabuto/contracts/errors';

/** STYLE §12: a refusal is a value with a catalogued key; the route layer decides its HTTP status. */
export class Refusal extends Error {
  constructor(readonly key: ErrorKey) {
    super(key);
    this.name = 'Refusal';
  }
}

export const refuse = (key: ErrorKey): Refusal => new Refusal(key);
