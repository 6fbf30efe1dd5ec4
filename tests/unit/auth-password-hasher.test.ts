/**
 * adapters/crypto/password-hasher.ts: argon2id at OWASP's first setting, stored in PHC form so a
 * stored hash names its algorithm and parameters; the earlier scrypt hashes still verify and ask
 * for a rehash; the dummy check for unknown addresses; over-long input; the worker pool it runs on
 * (adapters/crypto/password-pool.ts). Fast parameters are used where the parameters themselves are
 * not the point.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { createPasswordHasher, MAX_PASSWORD_BYTES, OWASP_ARGON2ID, parseArgon2Hash, parseScryptHash } from '../../adapters/crypto/password-hasher';
import { createPasswordPool, sharedPasswordPool, type PasswordPool, type PasswordTask } from '../../adapters/crypto/password-pool';

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;
const FAST = { memoryCost: 256, timeCost: 1, parallelism: 1 };
const fast = createPasswordHasher({ argon2: FAST });
const PASSWORD = 'Galt-Gulch-Motor-1957';

/** Hashes of PASSWORD written by the product's earlier hasher (scrypt, 64-byte key), as stored in users.password_hash. */
const LEGACY_LN4 = '$scrypt$ln=4,r=8,p=1$MihZC0vqCEaEziGkQXgn2A==$MPPax0xE8JhINiKbFUP9n+gRFBNbqjt7MTPgoFwwsHa+1wVXFYb+VAHkvkCUZElrTzWQddI9Gvn1NvuJakIZVw==';
const LEGACY_OWASP = '$scrypt$ln=17,r=8,p=1$rNiOeaSAWwpNQUB24p3IJw==$Xia1oBLEXHvAIa6g9EoVcJjFGWxkXTDKSoalRhaZCFZkOL3EeHxFBF+mVfkOLzYQp0f/wpLI/wXwMD2zFXtctw==';

/** The earlier format, written independently of the product's code. */
function legacyScrypt(password: string, ln: number, r = 8, p = 1) {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 64, { N: 2 ** ln, r, p, maxmem: 256 * 1024 * 1024 });
  return `$scrypt$ln=${ln},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const pools: PasswordPool[] = [];
afterAll(async () => Promise.all(pools.map((p) => p.close())));

/** A pool that remembers the work it was given. */
function recordingPool(): PasswordPool & { tasks: PasswordTask[] } {
  const inner = createPasswordPool(1);
  pools.push(inner);
  const tasks: PasswordTask[] = [];
  return { tasks, size: inner.size, close: inner.close, run: (task) => (tasks.push(task), inner.run(task)) };
}

describe('the stored form', () => {
  it("is a PHC string naming argon2id and OWASP's first setting (m=19456 KiB, t=2, p=1), with a 16-byte salt and a 32-byte hash", async () => {
    expect(OWASP_ARGON2ID).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const stored = await createPasswordHasher().hash(PASSWORD);
    expect(stored).toMatch(PHC);
    expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(parseArgon2Hash(stored)).toEqual(OWASP_ARGON2ID);
    const [, , , , salt, hash] = PHC.exec(stored)!;
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash!, 'base64')).toHaveLength(32);
    expect(stored).not.toContain(PASSWORD);
    expect(await createPasswordHasher().verify(stored, PASSWORD)).toEqual({ ok: true, needsRehash: false });
  });

  it('salts every hash afresh', async () => {
    const [a, b] = [await fast.hash(PASSWORD), await fast.hash(PASSWORD)];
    expect(a).not.toBe(b);
    expect(a.split('$')[4]).not.toBe(b.split('$')[4]);
  });

  it.each(['', 'plain-text', '$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA', '$argon2id$v=16$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA', '$argon2id$v=19$m=19456,t=2$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA', LEGACY_LN4])(
    'reads no argon2id parameters from %j',
    (stored) => {
      expect(parseArgon2Hash(stored)).toBeNull();
    },
  );

  it.each(['', 'plain-text', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA', '$scrypt$ln=17,r=8$c2FsdA$aGFzaA', '$scrypt$ln=x,r=8,p=1$c2FsdA$aGFzaA'])('reads no scrypt parameters from %j', (stored) => {
    expect(parseScryptHash(stored)).toBeNull();
  });
});

describe('verify', () => {
  it('accepts the password and nothing else: not trimmed, not another case', async () => {
    const stored = await fast.hash(` ${PASSWORD} `);
    expect(await fast.verify(stored, ` ${PASSWORD} `)).toEqual({ ok: true, needsRehash: false });
    for (const other of [PASSWORD, ` ${PASSWORD.toLowerCase()} `, ` ${PASSWORD}  `, '', 'wrong-password']) expect(await fast.verify(stored, other)).toEqual({ ok: false, needsRehash: false });
  });

  it('treats the composed and decomposed spellings of the same text as one password (NFC)', async () => {
    const stored = await fast.hash('Café-Society-1943');
    expect((await fast.verify(stored, 'Cafe\u0301-Society-1943')).ok).toBe(true);
  });

  it('asks for a rehash after a successful check of an argon2id hash with other parameters, never after a failed one', async () => {
    for (const older of [{ ...FAST, memoryCost: 512 }, { ...FAST, timeCost: 2 }, { ...FAST, parallelism: 2 }]) {
      const stored = await createPasswordHasher({ argon2: older }).hash(PASSWORD);
      expect(await fast.verify(stored, PASSWORD)).toEqual({ ok: true, needsRehash: true });
      expect(await fast.verify(stored, 'wrong-password')).toEqual({ ok: false, needsRehash: false });
    }
  });

  it('refuses a malformed stored hash, and one whose cost would tie up the server, without throwing', async () => {
    expect(await fast.verify('not-a-hash', PASSWORD)).toEqual({ ok: false, needsRehash: false });
    const stored = await fast.hash(PASSWORD);
    expect(await fast.verify(stored.replace('m=256,', 'm=4194304,'), PASSWORD)).toEqual({ ok: false, needsRehash: false });
    expect(await fast.verify(stored.replace('t=1,', 't=999,'), PASSWORD)).toEqual({ ok: false, needsRehash: false });
    expect(await fast.verify(stored.replace('m=256,t=1,p=1', 'm=8,t=1,p=4'), PASSWORD)).toEqual({ ok: false, needsRehash: false });
  });
});

describe('hashes of the earlier scheme (scrypt)', () => {
  it('verify as written by the earlier hasher, and ask to be replaced by argon2id', async () => {
    expect(await fast.verify(LEGACY_LN4, PASSWORD)).toEqual({ ok: true, needsRehash: true });
    expect(await createPasswordHasher().verify(LEGACY_OWASP, PASSWORD)).toEqual({ ok: true, needsRehash: true });
  });

  it('refuse a wrong password, and then ask for nothing', async () => {
    expect(await fast.verify(LEGACY_LN4, 'wrong-password')).toEqual({ ok: false, needsRehash: false });
    expect(await fast.verify(LEGACY_LN4, PASSWORD.toLowerCase())).toEqual({ ok: false, needsRehash: false });
  });

  it('verify whatever parameters they name, composed or decomposed', async () => {
    for (const [ln, r, p] of [[5, 8, 1], [4, 4, 1], [4, 8, 2]] as const) expect(await fast.verify(legacyScrypt(PASSWORD, ln, r, p), PASSWORD)).toEqual({ ok: true, needsRehash: true });
    expect((await fast.verify(legacyScrypt('Café-Society-1943', 4), 'Cafe\u0301-Society-1943')).ok).toBe(true);
  });

  it('refuse a cost that would tie up the server, and a key of another length', async () => {
    expect(await fast.verify(LEGACY_LN4.replace('ln=4', 'ln=30'), PASSWORD)).toEqual({ ok: false, needsRehash: false });
    expect(await fast.verify(LEGACY_LN4.replace('r=8', 'r=4096'), PASSWORD)).toEqual({ ok: false, needsRehash: false });
    const parsed = parseScryptHash(LEGACY_LN4)!;
    const truncated = `$scrypt$ln=4,r=8,p=1$${parsed.salt.toString('base64')}$${parsed.key.subarray(0, 32).toString('base64')}`;
    expect(await fast.verify(truncated, PASSWORD)).toEqual({ ok: false, needsRehash: false });
  });
});

describe('over-long input', () => {
  const huge = 'x'.repeat(1024 * 1024);

  it('is refused by verify (no match, no throw) and by hash', async () => {
    const stored = await fast.hash(PASSWORD);
    expect(await fast.verify(stored, huge)).toEqual({ ok: false, needsRehash: false });
    expect(await fast.verify(LEGACY_LN4, huge)).toEqual({ ok: false, needsRehash: false });
    await expect(fast.verify(stored, PASSWORD + 'x'.repeat(MAX_PASSWORD_BYTES))).resolves.toEqual({ ok: false, needsRehash: false });
    await expect(fast.hash(huge)).rejects.toThrow(RangeError);
    await expect(fast.verifyDummy(huge)).resolves.toBeUndefined();
  });

  it('leaves the longest password the API takes (1024 characters of 3-byte UTF-8) working', async () => {
    const longest = '€'.repeat(1024);
    expect(Buffer.byteLength(longest)).toBe(3072);
    expect(await fast.verify(await fast.hash(longest), longest)).toEqual({ ok: true, needsRehash: false });
  });
});

describe('the dummy check (unknown addresses)', () => {
  it('does the work of a real check: one argon2id verification at today’s parameters, whatever the input', async () => {
    const pool = recordingPool();
    const hasher = createPasswordHasher({ argon2: FAST, pool });
    const stored = await hasher.hash(PASSWORD);
    pool.tasks.length = 0;

    await hasher.verify(stored, PASSWORD);
    await hasher.verifyDummy(PASSWORD);
    await hasher.verify('not-a-hash', PASSWORD);
    await hasher.verifyDummy('x'.repeat(1024 * 1024));
    expect(pool.tasks.map((t) => t.op)).toEqual(['argon2-verify', 'argon2-verify', 'argon2-verify', 'argon2-verify']);
    for (const task of pool.tasks) expect(parseArgon2Hash((task as { hash: string }).hash)).toEqual(FAST);
    expect(pool.tasks.every((t) => (t as { password: string }).password.length <= 1024)).toBe(true);
  });

  it('never matches, not even the empty password', async () => {
    const pool = recordingPool();
    const hasher = createPasswordHasher({ argon2: FAST, pool });
    await hasher.verifyDummy('');
    await hasher.verifyDummy(PASSWORD);
    const dummy = (pool.tasks[0] as { hash: string }).hash;
    expect(await hasher.verify(dummy, '')).toEqual({ ok: false, needsRehash: false });
    expect(await hasher.verify(dummy, PASSWORD)).toEqual({ ok: false, needsRehash: false });
  });
});

describe('the worker pool', () => {
  it('has one thread per core the process may use, shared by every hasher', () => {
    expect(sharedPasswordPool().size).toBe(availableParallelism());
    expect(sharedPasswordPool()).toBe(sharedPasswordPool());
  });

  it('hashes off the event loop: a timer set as a hash starts fires before the hash is done', async () => {
    const order: string[] = [];
    const hashing = createPasswordHasher().hash(PASSWORD).then(() => order.push('hashed'));
    setTimeout(() => order.push('timer'), 0);
    await hashing;
    expect(order).toEqual(['timer', 'hashed']);
  });

  it('runs more tasks than threads, each with its own answer', async () => {
    const pool = createPasswordPool(2);
    pools.push(pool);
    const hasher = createPasswordHasher({ argon2: FAST, pool });
    const passwords = Array.from({ length: 7 }, (_, i) => `${PASSWORD}-${i}`);
    const stored = await Promise.all(passwords.map((p) => hasher.hash(p)));
    const checks = await Promise.all(passwords.flatMap((p, i) => [hasher.verify(stored[i]!, p), hasher.verify(stored[(i + 1) % 7]!, p)]));
    expect(checks.map((c) => c.ok)).toEqual(passwords.flatMap(() => [true, false]));
  });

  it('refuses work once closed', async () => {
    const pool = createPasswordPool(1);
    await pool.run({ op: 'argon2-hash', password: PASSWORD, ...FAST });
    await pool.close();
    await expect(pool.run({ op: 'argon2-hash', password: PASSWORD, ...FAST })).rejects.toThrow('closed');
  });
});
