// The fx module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { simulatedRateProvider } from './rate-provider.ts';
export type { RateProvider } from './rate-provider.ts';
