/**
 * Members whose password was stored by the earlier scheme (scrypt at N=2^17, r=8, p=1) keep signing
 * in, and their stored hash becomes argon2id at today's parameters on their next successful
 * sign-in (issue 11). A failed attempt changes nothing. A real server with the test database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWASP_ARGON2ID, parseArgon2Hash } from '../../adapters/crypto/password-hasher';
import { ApiClient } from '../support/client';
import { startTestServer, type TestServer } from '../support/server';

/** 'Galt-Gulch-Motor-1957' as the earlier hasher stored it (the production parameters). */
const PASSWORD = 'Galt-Gulch-Motor-1957';
const LEGACY = '$scrypt$ln=17,r=8,p=1$rNiOeaSAWwpNQUB24p3IJw==$Xia1oBLEXHvAIa6g9EoVcJjFGWxkXTDKSoalRhaZCFZkOL3EeHxFBF+mVfkOLzYQp0f/wpLI/wXwMD2zFXtctw==';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const db = () => server.services.database.db;
const storedHash = async (email: string) => (await db().selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow()).password_hash;

async function legacyMember() {
  const email = `legacy.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.org`;
  const api = new ApiClient(server.url);
  expect((await api.post('/api/auth/register', { email, password: 'Another-Password-2024', firstName: 'Hank', lastName: 'Rearden' })).status).toBe(200);
  await db().updateTable('users').set({ password_hash: LEGACY }).where('email', '=', email).execute();
  return email;
}

describe('a member with a password stored by the earlier scheme (scrypt)', () => {
  it('signs in, and their stored hash is now argon2id at the OWASP parameters; the new hash works', async () => {
    const email = await legacyMember();
    const first = await new ApiClient(server.url).post('/api/auth/login', { email, password: PASSWORD });
    expect(first.status).toBe(200);
    expect(first.json.user).toMatchObject({ email, hasPassword: true });

    const upgraded = await storedHash(email);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(parseArgon2Hash(upgraded!)).toEqual(OWASP_ARGON2ID);

    const again = new ApiClient(server.url);
    expect((await again.post('/api/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expect((await again.get('/api/auth/me')).json.user.email).toBe(email);
    expect(await storedHash(email)).toBe(upgraded);
  });

  it('is refused with a wrong password, and the stored hash stays as it was', async () => {
    const email = await legacyMember();
    const wrong = await new ApiClient(server.url).post('/api/auth/login', { email, password: 'Not-The-Password-1957' });
    expect(wrong.status).toBe(401);
    expect(wrong.json.message).toBe('Invalid credentials');
    expect(await storedHash(email)).toBe(LEGACY);
  });
});
