// Types for kabuto-boundaries.js (plain JS, so eslint.config.js loads it without a build), used by its test.
import type { Rule } from 'eslint';

export declare const packageDirections: Record<string, { refused: string[]; why: string }>;
export declare const webContractEntries: string[];
export declare const kabutoPlugin: { rules: { boundaries: Rule.RuleModule } };
