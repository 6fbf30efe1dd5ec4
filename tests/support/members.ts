/** Signed-in API clients with chosen roles: registered with a password, roles set in the database. */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { Role } from '../../domain/auth/roles';
import { ApiClient } from './client';
import type { TestServer } from './server';

export async function signedIn(server: TestServer, roles: Role[] = []): Promise<ApiClient & { userId: string; email: string }> {
  const api = new ApiClient(server.url);
  const email = `member.${randomUUID().slice(0, 12)}@example.org`;
  const res = await api.post('/api/auth/register', { email, password: 'Galt-Gulch-Motor-1957', firstName: 'Test', lastName: 'Member' });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  await server.services.database.db.updateTable('users').set({ roles: ['MEMBER', ...roles] }).where('email', '=', email).execute();
  return Object.assign(api, { userId: res.json.user.id as string, email });
}
