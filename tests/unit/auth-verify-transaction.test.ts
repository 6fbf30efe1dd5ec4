/**
 * Verify in one unit of work on the memory adapters (the embedded default's twins): a failure in
 * the session row's write undoes the link's consume, the member's creation and an unproven
 * account's reclaim, so the same link works when opened again.
 */
import { describe, expect, it } from 'vitest';
import { requestMagicLink, verifyMagicLink } from '../../application/auth/magic-link';
import { authWorld } from '../support/auth-world';

const client = { ip: '203.0.113.7', network: '203.0.113.7', userAgent: 'test' };

async function linkFor(world: ReturnType<typeof authWorld>, email: string) {
  await requestMagicLink(world.d, { email, basePath: '' }, client);
  return new URL(/https?:\/\/\S+token=\S+/.exec(world.mailbox.list(email)[0]!.text)![0]).searchParams.get('token')!;
}

/** The next session row write fails, as a database that drops out would. */
function failNextSessionWrite(world: ReturnType<typeof authWorld>) {
  const sessions = world.d.sessions;
  const create = sessions.create.bind(sessions);
  let armed = true;
  sessions.create = async (session) => {
    if (armed) {
      armed = false;
      throw new Error('injected: the session row could not be written');
    }
    return create(session);
  };
}

describe('verify is all or nothing', () => {
  it('a new address: no member, no spent link after the failure; the same link then signs in', async () => {
    const world = authWorld();
    const token = await linkFor(world, 'new@example.org');
    failNextSessionWrite(world);
    await expect(verifyMagicLink(world.d, { token }, client, null)).rejects.toThrow('injected');
    expect(await world.d.users.byEmail('new@example.org')).toBeNull();
    const signedIn = await verifyMagicLink(world.d, { token }, client, null);
    expect(signedIn.user).toMatchObject({ email: 'new@example.org', emailVerified: true });
    expect(await world.d.sessions.listActive(signedIn.user.id, world.clock.now())).toHaveLength(1);
  });

  it('an unproven account: the reclaim is undone with the failure and done with the retry', async () => {
    const world = authWorld();
    const { user } = await world.d.users.createOrGet({ email: 'squat@example.org', emailVerified: false, roles: ['MEMBER'] }, world.clock.now());
    await world.d.users.update(user.id, { passwordHash: 'set-by-someone-else' }, world.clock.now());
    const token = await linkFor(world, 'squat@example.org');
    failNextSessionWrite(world);
    await expect(verifyMagicLink(world.d, { token }, client, null)).rejects.toThrow('injected');
    expect(await world.d.users.byId(user.id)).toMatchObject({ emailVerified: false, passwordHash: 'set-by-someone-else' });
    expect((await world.d.audit.forUser(user.id, 10)).map((e) => e.action)).not.toContain('account.reclaimed');

    const retried = await verifyMagicLink(world.d, { token }, client, null);
    expect(retried.accountReclaimed).toBe(true);
    expect(retried.user).toMatchObject({ emailVerified: true, passwordHash: null });
  });
});
