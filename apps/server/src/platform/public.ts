// The platform module's public surface: other modules import only this file (issue 6 §3, lint kabuto/boundaries).
export { busChannels, memoryBus, redisBus } from './bus.ts';
export type { Bus } from './bus.ts';
export { jobRunner, LostLeadership } from './jobs.ts';
export type { Fenced, JobDefinition, JobRunner } from './jobs.ts';
export { advisoryLockLeader, holdEpoch, soleLeader, takeEpoch } from './leader.ts';
export type { Leader } from './leader.ts';
export { lastMemberSeq, outboxRelay, writeOutbox, writeOutboxMany, writeOutboxOncePerMember } from './outbox.ts';
export { nudgeOutbox, writeBroadcast } from './outbox.ts';
export type { BroadcastEvent, OutboxRelay, RelayedEvent } from './outbox.ts';
export { registerPlatformJobs } from './platform-jobs.ts';
export { groupCommit } from './group-commit.ts';
export type { BatchAnswer, GroupCommit } from './group-commit.ts';
export { heartbeatDeadAfterMs, processHeartbeat } from './heartbeat.ts';
export type { ProcessHeartbeat } from './heartbeat.ts';
export { announceChange, followChanges, readCache } from './read-cache.ts';
export type { CacheName, ReadCache } from './read-cache.ts';
