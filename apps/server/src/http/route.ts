import type { z } from 'zod';
import type { CallContract } from '@kabuto/contracts/call';
import type { SuccessKey } from '@kabuto/contracts/errors';
import type { Policy, Principal, PublicPolicy } from './policy.ts';

export type RateLimitName = 'signIn' | 'register' | 'resetCode';

export interface RouteContext<Body, P> {
  readonly body: Body;
  readonly principal: P;
  readonly requestId: string;
  readonly ip: string;
}

type PrincipalFor<P extends Policy> = P extends PublicPolicy ? Principal | null : Principal;

export interface Route {
  readonly call: CallContract<z.ZodType, z.ZodType>;
  readonly policy: Policy;
  readonly rateLimit?: RateLimitName;
  readonly success?: SuccessKey;
  readonly handler: (ctx: RouteContext<unknown, Principal | null>) => Promise<unknown>;
}

/** STYLE §4: a route is its contract, its policy and one service call. */
export function route<Req extends z.ZodType, Res extends z.ZodType, P extends Policy>(def: {
  call: CallContract<Req, Res>;
  policy: P;
  rateLimit?: RateLimitName;
  success?: SuccessKey;
  handler: (ctx: RouteContext<z.output<Req>, PrincipalFor<P>>) => Promise<z.input<Res>>;
}): Route {
  return def as unknown as Route;
}
