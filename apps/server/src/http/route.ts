import type { z } from 'zod';
import type { CallContract } from '@kabuto/contracts/call';
import type { SuccessKey } from '@kabuto/contracts/errors';
import type { Policy, Principal, PublicPolicy } from './policy.ts';
import type { KeyInWrite } from './idempotency.ts';

export type RateLimitName = 'signIn' | 'register' | 'resetCode' | 'supportVisitor';

export interface RouteContext<Body, P> {
  readonly body: Body;
  readonly principal: P;
  readonly requestId: string;
  readonly ip: string;
  /** Multipart routes only: the file part, when one was sent. */
  readonly file?: UploadedFile | undefined;
  /** Idempotent routes: the client's Idempotency-Key, to be stored on the business row it creates. */
  readonly idempotencyKey: string | null;
  /**
   * Routes with `idempotent.inWrite`: the key for the handler's own transaction to store its answer under
   * (`storeAnswers`); null when the route claimed the key itself (the usual way) or none was sent.
   */
  readonly keyInWrite: KeyInWrite | null;
}

/**
 * A money-moving call that honours the Idempotency-Key header. `recover` rebuilds the first
 * answer from the business row that carries the key (null: the first run never committed).
 */
export interface IdempotentSpec<Data> {
  readonly recover: (principal: Principal, key: string) => Promise<Data | null>;
  /**
   * The handler stores its answer under the key inside the transaction that writes (issue 24: the orders' batch), so
   * a first call costs no statement of its own for its key. A key already used comes back as `KeyTaken`, and the call
   * is then answered the usual way.
   */
  readonly inWrite?: boolean;
}

/** The file part of a multipart call, read into memory up to the route's limit. */
export interface UploadedFile {
  readonly bytes: Buffer;
  /** More bytes were sent than the route's maxFileBytes (only the first maxFileBytes + 1 are kept). */
  readonly tooLarge: boolean;
}

/** A multipart call: form fields checked by the contract, and one file part. */
export interface MultipartSpec {
  readonly fileField: string;
  readonly maxFileBytes: number;
}

/** What a raw route's handler answers instead of the JSON envelope (e.g. image bytes). */
export interface RawAnswer {
  readonly contentType: string;
  readonly bytes: Buffer;
  readonly headers?: Readonly<Record<string, string>>;
}

type PrincipalFor<P extends Policy> = P extends PublicPolicy ? Principal | null : Principal;

export interface Route {
  readonly call: CallContract<z.ZodType, z.ZodType, Policy>;
  readonly policy: Policy;
  readonly rateLimit?: RateLimitName;
  readonly success?: SuccessKey;
  /** Money-moving call: honours the Idempotency-Key header. */
  readonly idempotent?: IdempotentSpec<unknown>;
  /** The body is multipart form data (fields checked by the contract + one file) instead of JSON. */
  readonly multipart?: MultipartSpec;
  /** The handler answers a RawAnswer of one of these media types instead of the JSON envelope. */
  readonly raw?: { readonly contentTypes: readonly string[] };
  readonly handler: (ctx: RouteContext<unknown, Principal | null>) => Promise<unknown>;
}

/** STYLE §4: a route is its contract (which carries its policy) and one service call. */
export function route<Req extends z.ZodType, Res extends z.ZodType, P extends Policy>(def: {
  call: CallContract<Req, Res, P>;
  rateLimit?: RateLimitName;
  success?: SuccessKey;
  idempotent?: IdempotentSpec<z.input<Res>>;
  multipart?: MultipartSpec;
  raw?: { readonly contentTypes: readonly string[] };
  handler: (ctx: RouteContext<z.output<Req>, PrincipalFor<P>>) => Promise<z.input<Res>>;
}): Route {
  return { ...def, policy: def.call.policy } as unknown as Route;
}
