/**
 * Who may call an operation is decided before its input is read, for every operation of the
 * registry (so a new module is covered without a line here): an anonymous caller gets 401 and a
 * member without the permission 403, on REST and tRPC alike, whatever body they send; never a
 * validation message that tells them what the operation would take (issue 11 §gaps).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission } from '../../domain/auth/roles';
import { isAppError } from '../../domain/shared/errors';
import { needsSession, type NamedOperation, type RequestContext } from '../../adapters/http/operation';
import { allOperations } from '../../adapters/http/router';
import { ApiClient } from '../support/client';
import { signedIn } from '../support/members';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let member: ApiClient;
let visitor: ApiClient;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PASSWORD_POINTS: '1000' });
  member = await signedIn(server);
  visitor = new ApiClient(server.url);
});
afterAll(async () => server.close());

const SOME_ID = '00000000-0000-4000-8000-000000000000';
/** A body nobody may send: the fields are wrong for every operation. */
const NONSENSE = { bogus: '\u0000'.repeat(3), id: 7, email: ['not', 'an', 'address'] };

const guarded = allOperations.filter(({ operation }) => needsSession(operation));
const forMembersNot = guarded.filter(({ operation }) => operation.permission && !hasPermission(['MEMBER'], operation.permission));

async function callRest(api: ApiClient, { operation }: NamedOperation) {
  const rest = operation.rest!;
  const path = rest.path.replace(/\{[^}]+\}/g, SOME_ID);
  return rest.method === 'get' ? api.get(`${path}?bogus=1&limit=oops`) : api.request(rest.method.toUpperCase(), path, NONSENSE);
}

async function callTrpc(api: ApiClient, { id, operation }: NamedOperation) {
  const answer = operation.kind === 'query' ? await api.get(`/trpc/${id}?input=${encodeURIComponent(JSON.stringify(NONSENSE))}`) : await api.post(`/trpc/${id}`, NONSENSE);
  return { status: answer.status, code: answer.json?.error?.data?.appCode as string | undefined };
}

describe('every operation that needs a session', () => {
  it('is found in the registry (the list below is not empty)', () => {
    expect(guarded.length).toBeGreaterThan(30);
    expect(forMembersNot.map((o) => o.id)).toEqual(expect.arrayContaining(['books.create', 'media.create', 'adminUsers.setRoles', 'outboxAdmin.retry']));
  });

  it.each(guarded.filter((o) => o.operation.rest).map((o) => [o.id, o] as const))('REST %s answers an anonymous caller 401 before reading the body', async (_id, op) => {
    const answer = await callRest(visitor, op);
    expect(answer.status, JSON.stringify(answer.json)).toBe(401);
    expect(answer.json).toMatchObject({ success: false, code: 'UNAUTHENTICATED', message: 'Not authenticated' });
  });

  it.each(guarded.map((o) => [o.id, o] as const))('tRPC %s answers an anonymous caller 401 before reading the input', async (_id, op) => {
    expect(await callTrpc(visitor, op)).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it.each(forMembersNot.filter((o) => o.operation.rest).map((o) => [o.id, o] as const))('REST %s answers a member without the permission 403 before reading the body', async (_id, op) => {
    const answer = await callRest(member, op);
    expect(answer.status, JSON.stringify(answer.json)).toBe(403);
    expect(answer.json).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it.each(forMembersNot.map((o) => [o.id, o] as const))('tRPC %s answers a member without the permission 403 before reading the input', async (_id, op) => {
    expect(await callTrpc(member, op)).toEqual({ status: 403, code: 'FORBIDDEN' });
  });
});

/**
 * The operations that need no session must really need none: each handler is run with an
 * anonymous caller and an empty input; one that refuses for want of a session or a permission has
 * forgotten to say so (`signedIn` or `permission` in its definition), and would read the input of
 * a caller it refuses anyway.
 */
describe('every operation that declares no session', () => {
  /** Operations whose own credential is not a session: they answer 401 by design without one. */
  const ownCredential: Record<string, string> = {
    'auth.refresh': 'its credential is the refresh token, not a session',
    'auth.me': 'the spec answers "Not authenticated" for no session; it has no input to read',
  };

  it('declares it when it refuses an anonymous caller', async () => {
    const anonymous: RequestContext = {
      requestId: 'access-test',
      ip: '127.0.0.1',
      userAgent: undefined,
      client: { ip: '127.0.0.1', network: '127.0.0.1', userAgent: null },
      deps: server.services.modules,
      auth: async () => null,
      actor: async () => null,
      http: { header: () => undefined, cookie: () => undefined, setCookie: () => undefined, clearCookie: () => undefined, setHeader: () => undefined, markNotReplayable: () => undefined, replayable: () => true },
    };
    const undeclared: string[] = [];
    for (const { id, operation } of allOperations.filter((o) => !needsSession(o.operation) && !(o.id in ownCredential))) {
      try {
        await operation.handler({} as never, anonymous);
      } catch (error) {
        // requireActor's and requirePermission's refusals; a failed sign-in (a passkey's expired challenge) is not one.
        if (isAppError(error) && (error.code === 'UNAUTHENTICATED' || error.code === 'FORBIDDEN')) undeclared.push(`${id}: ${error.code}`);
      }
    }
    expect(undeclared).toEqual([]);
  });
});
