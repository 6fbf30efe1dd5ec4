/**
 * What the library's API suites share: a real server with a content editor, an administrator, a
 * plain member and a visitor; slugs unique within a run; PATCH and DELETE with the client's cookies.
 */
import { ApiClient } from './client';
import { signedIn } from './members';
import { startTestServer, type TestServer } from './server';

export type Member = Awaited<ReturnType<typeof signedIn>>;

export interface LibraryServer {
  server: TestServer;
  editor: Member;
  admin: Member;
  member: Member;
  visitor: ApiClient;
}

export async function startLibraryServer(): Promise<LibraryServer> {
  // Every member registers with a password from 127.0.0.1: the per-IP allowance is raised for that.
  const server = await startTestServer({ RATE_LIMIT_PASSWORD_POINTS: '1000', RATE_LIMIT_PASSWORD_IP_POINTS: '1000' });
  const [editor, admin, member] = await Promise.all([signedIn(server, ['CONTENT_EDITOR']), signedIn(server, ['ADMIN']), signedIn(server)]);
  return { server, editor, admin, member, visitor: new ApiClient(server.url) };
}

let n = 0;
/** This run's mark, for values that must not meet an earlier run's (tags, terms, words). */
export const runStamp = Date.now().toString(36);
/** 0, 1, 2, …: order indexes and names unique within a run. */
export const nextNumber = () => n++;
export const slug = (stem = 'item') => `${stem}-${runStamp}-${nextNumber()}`;
export const patch = (api: ApiClient, path: string, body: unknown = {}) => api.request('PATCH', path, body);
export const del = (api: ApiClient, path: string) => api.request('DELETE', path);
