/**
 * One operation, defined once and exposed twice (docs/architecture.md §2): as a tRPC procedure and,
 * where the spec names a path, as a REST route at that exact path. The OpenAPI document is
 * generated from the same definitions.
 */
import type { z } from 'zod';
import { requireActor, requirePermission, type Actor } from '../../domain/auth/actor';
import type { Permission } from '../../domain/auth/roles';
import type { ClientInfo } from '../../application/shared/client-info';
import type { Authenticated } from '../../application/auth/sessions';
import type { ModuleDeps } from '../compose';
import type { HttpExchange } from './exchange';

export type RestMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RequestContext {
  requestId: string;
  ip: string;
  userAgent: string | undefined;
  client: ClientInfo;
  /** The module deps an operation may reach (adapters/compose.ts `ModuleDeps`), not the whole composition. */
  deps: ModuleDeps;
  /** The member behind the request's access token (cookie or bearer), checked once per request. */
  auth(): Promise<Authenticated | null>;
  actor(): Promise<Actor | null>;
  /** Cookies, headers and response hints, the same for REST and tRPC. */
  http: HttpExchange;
}

export interface Operation<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, K extends 'query' | 'mutation' = 'query' | 'mutation'> {
  kind: K;
  /** The REST route, with OpenAPI-style parameters (`/api/books/id/{id}`). */
  rest?: { method: RestMethod; path: string; successStatus?: number };
  summary: string;
  description?: string;
  tags: string[];
  /**
   * Signed-in only: the session is checked before the input, so a caller without one gets 401 and
   * never a validation message (the use case still decides permissions).
   */
  signedIn?: boolean;
  /**
   * The permission every call needs (implies signedIn), checked before the input too: 401 without
   * a session, 403 without the permission, never a validation message. The use case still makes
   * its own checks, the finer ones included (publishing needs content.publish).
   */
  permission?: Permission;
  input: I;
  output: O;
  handler: (input: z.output<I>, ctx: RequestContext) => Promise<z.input<O>>;
}

export const defineQuery = <I extends z.ZodType, O extends z.ZodType>(op: Omit<Operation<I, O, 'query'>, 'kind'>): Operation<I, O, 'query'> => ({
  kind: 'query',
  ...op,
});

export const defineMutation = <I extends z.ZodType, O extends z.ZodType>(op: Omit<Operation<I, O, 'mutation'>, 'kind'>): Operation<I, O, 'mutation'> => ({
  kind: 'mutation',
  ...op,
});

/**
 * Who may call the operation at all, before its input is read: the one check both faces make
 * (rest.ts for REST and the lean lane, trpc.ts for tRPC).
 */
export async function authorize(operation: Pick<Operation, 'signedIn' | 'permission'>, ctx: Pick<RequestContext, 'actor'>): Promise<void> {
  if (operation.permission) requirePermission(await ctx.actor(), operation.permission);
  else if (operation.signedIn) requireActor(await ctx.actor());
}

/** Whether the operation needs a session before its input is read. */
export const needsSession = (operation: Pick<Operation, 'signedIn' | 'permission'>) => !!operation.signedIn || !!operation.permission;

/** A module's operations, keyed by procedure name. */
export type OperationGroup = Record<string, Operation<z.ZodType, z.ZodType, 'query'> | Operation<z.ZodType, z.ZodType, 'mutation'>>;
export type OperationRegistry = Record<string, OperationGroup>;

export interface NamedOperation {
  id: string;
  operation: Operation;
}

export function flattenOperations(registry: OperationRegistry): NamedOperation[] {
  return Object.entries(registry).flatMap(([group, ops]) =>
    Object.entries(ops).map(([name, operation]) => ({ id: `${group}.${name}`, operation: operation as Operation })),
  );
}
