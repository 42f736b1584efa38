// Issue 27: who may use the support inbox (zod-free, so the back office draws its navigation from it).
import { staffCall } from '../policy.ts';

/** Threads are private conversations: support and admin only; reviewers and auditors are refused (403). */
export const supportPolicies = {
  inbox: staffCall('support', 'admin'),
} as const;

/** The inbox's three boxes. */
export const supportBoxes = ['unassigned', 'mine', 'closed'] as const;
export type SupportBox = (typeof supportBoxes)[number];

/** Canned answers: a fixed list whose texts live in the web catalogue part `support` (`support.canned.<id>`). */
export const cannedAnswerIds = ['greeting', 'checking', 'realName', 'deposit', 'withdrawal', 'closing'] as const;
export type CannedAnswerId = (typeof cannedAnswerIds)[number];
