/**
 * adapters/crypto/password-hasher.ts: scrypt at OWASP's parameters, stored in PHC form so a stored
 * hash names its algorithm and parameters; verify, the dummy check, and rehash when parameters change.
 * Fast parameters (ln=4) are used where the parameters themselves are not the point.
 */
import { describe, expect, it } from 'vitest';
import { createScryptHasher, OWASP_SCRYPT, parseScryptHash } from '../../adapters/crypto/password-hasher';

const PHC = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;
const fast = createScryptHasher({ ln: 4, r: 8, p: 1 });
const PASSWORD = 'Galt-Gulch-Motor-1957';

describe('the stored form', () => {
  it("is a PHC string naming scrypt and OWASP's parameters (N=2^17, r=8, p=1), with a 16-byte salt and a 64-byte key", async () => {
    expect(OWASP_SCRYPT).toEqual({ ln: 17, r: 8, p: 1 });
    const stored = await createScryptHasher().hash(PASSWORD);
    expect(stored).toMatch(PHC);
    expect(stored.startsWith('$scrypt$ln=17,r=8,p=1$')).toBe(true);
    const parsed = parseScryptHash(stored)!;
    expect(parsed).toMatchObject({ ln: 17, r: 8, p: 1 });
    expect(parsed.salt).toHaveLength(16);
    expect(parsed.key).toHaveLength(64);
    expect(stored).not.toContain(PASSWORD);
  });

  it('salts every hash afresh', async () => {
    const [a, b] = [await fast.hash(PASSWORD), await fast.hash(PASSWORD)];
    expect(a).not.toBe(b);
    expect(parseScryptHash(a)!.salt.equals(parseScryptHash(b)!.salt)).toBe(false);
  });

  it.each(['', 'plain-text', '$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA', '$scrypt$ln=17,r=8$c2FsdA$aGFzaA', '$scrypt$ln=x,r=8,p=1$c2FsdA$aGFzaA'])('reads no parameters from %j', (stored) => {
    expect(parseScryptHash(stored)).toBeNull();
  });
});

describe('verify', () => {
  it('accepts the password and nothing else: not trimmed, not another case', async () => {
    const stored = await fast.hash(` ${PASSWORD} `);
    expect(await fast.verify(stored, ` ${PASSWORD} `)).toEqual({ ok: true, needsRehash: false });
    for (const other of [PASSWORD, ` ${PASSWORD.toLowerCase()} `, ` ${PASSWORD}  `, '']) expect(await fast.verify(stored, other)).toEqual({ ok: false, needsRehash: false });
  });

  it('treats the composed and decomposed spellings of the same text as one password (NFC)', async () => {
    const stored = await fast.hash('Café-Society-1943');
    expect((await fast.verify(stored, 'Cafe\u0301-Society-1943')).ok).toBe(true);
  });

  it('asks for a rehash after a successful check with other parameters, never after a failed one', async () => {
    const old = await createScryptHasher({ ln: 5, r: 8, p: 1 }).hash(PASSWORD);
    expect(await fast.verify(old, PASSWORD)).toEqual({ ok: true, needsRehash: true });
    expect(await fast.verify(old, 'wrong-password')).toEqual({ ok: false, needsRehash: false });
    const otherR = await createScryptHasher({ ln: 4, r: 4, p: 1 }).hash(PASSWORD);
    expect(await fast.verify(otherR, PASSWORD)).toEqual({ ok: true, needsRehash: true });
    const otherP = await createScryptHasher({ ln: 4, r: 8, p: 2 }).hash(PASSWORD);
    expect(await fast.verify(otherP, PASSWORD)).toEqual({ ok: true, needsRehash: true });
  });

  it('refuses a malformed stored hash, and one whose cost would tie up the server, without throwing', async () => {
    expect(await fast.verify('not-a-hash', PASSWORD)).toEqual({ ok: false, needsRehash: false });
    const stored = await fast.hash(PASSWORD);
    expect(await fast.verify(stored.replace('ln=4', 'ln=30'), PASSWORD)).toEqual({ ok: false, needsRehash: false });
  });

  it('refuses a stored key of another length', async () => {
    const stored = await fast.hash(PASSWORD);
    const parsed = parseScryptHash(stored)!;
    const truncated = `$scrypt$ln=4,r=8,p=1$${parsed.salt.toString('base64')}$${parsed.key.subarray(0, 32).toString('base64')}`;
    expect(await fast.verify(truncated, PASSWORD)).toEqual({ ok: false, needsRehash: false });
  });
});
