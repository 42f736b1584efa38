// The ledger module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { ledgerReasons, post, postMany } from './post.ts';
