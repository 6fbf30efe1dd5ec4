/**
 * The WebAuthn adapter (@simplewebauthn/server) against the software authenticator: a real
 * registration and assertion pass, and each single corruption of an answer is refused with its
 * reason. The same corruptions are refused end to end in tests/api/auth-passkeys.test.ts.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { cose, decodeAttestationObject, decodeCredentialPublicKey, isoCBOR } from '@simplewebauthn/server/helpers';
import { describe, expect, it } from 'vitest';
import { createWebAuthnRelyingParty, refusalOf } from '../../adapters/webauthn/relying-party';
import type { Passkey } from '../../domain/auth/passkey';
import { authenticationCredentialSchema, registrationCredentialSchema } from '../../domain/auth/passkey-credential';
import { b64url, encodeCbor, SoftwareAuthenticator, type Corruption } from '../support/software-authenticator';

const APP_URL = 'https://learn.example.org';
const rp = createWebAuthnRelyingParty({ appUrl: APP_URL, rpName: 'Objectivism Learning' });
const member = { id: randomUUID(), name: 'dagny@example.org', displayName: 'Dagny Taggart' };

async function registered(authenticator = new SoftwareAuthenticator({ origin: APP_URL })) {
  const { challenge, options } = await rp.creationOptions({ user: member, exclude: [] });
  const response = registrationCredentialSchema.parse(authenticator.create(options));
  const verdict = await rp.verifyRegistration({ response, expectedChallenge: challenge, requireUserVerification: true });
  if (!verdict.ok) throw new Error(`registration refused: ${verdict.reason}`);
  const passkey: Passkey = { id: randomUUID(), userId: member.id, name: 'Passkey', createdAt: new Date(), lastUsedAt: null, ...verdict.credential };
  return { authenticator, passkey };
}

async function assertion(authenticator: SoftwareAuthenticator, passkey: Passkey, corrupt: Corruption = {}, expected?: string) {
  const { challenge, options } = await rp.requestOptions({ allow: [] });
  const response = authenticationCredentialSchema.parse(authenticator.get(options, corrupt));
  return rp.verifyAuthentication({ response, expectedChallenge: expected ?? challenge, passkey, requireUserVerification: true });
}

describe('CBOR encoder', () => {
  it('writes the shortest forms, which the library decodes back', () => {
    expect(b64url(encodeCbor(0))).toBe(b64url(Uint8Array.from([0x00])));
    expect([...encodeCbor(23)]).toEqual([0x17]);
    expect([...encodeCbor(24)]).toEqual([0x18, 24]);
    expect([...encodeCbor(256)]).toEqual([0x19, 1, 0]);
    expect([...encodeCbor(-1)]).toEqual([0x20]);
    expect([...encodeCbor(-7)]).toEqual([0x26]);
    expect([...encodeCbor(-257)]).toEqual([0x39, 1, 0]);
    expect([...encodeCbor('fmt')]).toEqual([0x63, 0x66, 0x6d, 0x74]);
    const map = new Map<number | string, unknown>([[1, 2], ['a', Uint8Array.from([9, 9])], [-3, [true, false, null]]]);
    const decoded = isoCBOR.decodeFirst<Map<unknown, unknown>>(new Uint8Array(encodeCbor(map as never)));
    expect(decoded.get(1)).toBe(2);
    expect([...(decoded.get('a') as Uint8Array)]).toEqual([9, 9]);
    expect(decoded.get(-3)).toEqual([true, false, null]);
  });
});

describe('software authenticator', () => {
  it("makes a 'none' attestation with an ES256 COSE key the library reads", async () => {
    const authenticator = new SoftwareAuthenticator({ origin: APP_URL });
    const { options } = await rp.creationOptions({ user: member, exclude: [] });
    const json = authenticator.create(options);
    const attestation = decodeAttestationObject(Uint8Array.from(Buffer.from(json.response.attestationObject, 'base64url')));
    expect(attestation.get('fmt')).toBe('none');
    expect(attestation.get('attStmt').size).toBe(0);
    const { passkey } = await registered(authenticator);
    const key = decodeCredentialPublicKey(new Uint8Array(passkey.publicKey));
    expect(key.get(cose.COSEKEYS.alg)).toBe(cose.COSEALG.ES256);
    expect((key as unknown as Map<number, unknown>).get(cose.COSEKEYS.crv)).toBe(cose.COSECRV.P256);
  });

  it('refuses to register again on an authenticator that holds an excluded credential', async () => {
    const { authenticator, passkey } = await registered();
    const { options } = await rp.creationOptions({ user: member, exclude: [{ credentialId: passkey.credentialId, transports: passkey.transports }] });
    expect(options.excludeCredentials).toEqual([{ id: passkey.credentialId, type: 'public-key', transports: ['internal', 'hybrid'] }]);
    expect(() => authenticator.create(options)).toThrow(/InvalidStateError/);
  });
});

describe('WebAuthn relying party', () => {
  it('makes options for a discoverable credential on APP_URL\'s host, verification preferred, 5 minutes', async () => {
    const { challenge, options } = await rp.creationOptions({ user: member, exclude: [] });
    expect(options).toMatchObject({
      challenge,
      rp: { id: 'learn.example.org', name: 'Objectivism Learning' },
      user: { id: b64url(new TextEncoder().encode(member.id)), name: member.name, displayName: member.displayName },
      timeout: 300_000,
      attestation: 'none',
      authenticatorSelection: { residentKey: 'preferred', requireResidentKey: false, userVerification: 'preferred' },
    });
    expect(options.pubKeyCredParams.map((p) => p.alg)).toContain(-7);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await rp.creationOptions({ user: member, exclude: [] });
    expect(second.options.authenticatorSelection).toEqual(options.authenticatorSelection);
    expect(second.challenge).not.toBe(challenge);

    const request = await rp.requestOptions({ allow: [] });
    expect(request.options).toMatchObject({ challenge: request.challenge, rpId: 'learn.example.org', allowCredentials: [], userVerification: 'preferred', timeout: 300_000 });
  });

  it('reads the challenge an answer claims, and null from garbage', async () => {
    const authenticator = new SoftwareAuthenticator({ origin: APP_URL });
    const { challenge, options } = await rp.creationOptions({ user: member, exclude: [] });
    const response = registrationCredentialSchema.parse(authenticator.create(options));
    expect(rp.challengeOf(response)).toBe(challenge);
    expect(rp.challengeOf({ ...response, response: { ...response.response, clientDataJSON: 'bm90LWpzb24' } })).toBeNull();
  });

  it('registers and then verifies an assertion, moving the counter', async () => {
    const { authenticator, passkey } = await registered();
    expect(passkey).toMatchObject({ counter: 0, deviceType: 'singleDevice', backedUp: false, transports: ['internal', 'hybrid'] });
    const verdict = await assertion(authenticator, passkey);
    expect(verdict).toEqual({ ok: true, counter: 1, backedUp: false, userVerified: true });
  });

  it('reports a synced passkey as multiDevice and backed up', async () => {
    const { passkey } = await registered(new SoftwareAuthenticator({ origin: APP_URL, synced: true }));
    expect(passkey).toMatchObject({ deviceType: 'multiDevice', backedUp: true });
  });

  const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  it.each<[string, Corruption, string]>([
    ['a registration type', { type: 'webauthn.create' }, 'type'],
    ['another challenge', { challenge: b64url(Buffer.alloc(32, 7)) }, 'challenge'],
    ['a foreign origin', { origin: 'https://learn.example.org.evil.test' }, 'origin'],
    ['another RP ID hash', { rpId: 'evil.test' }, 'rp-id'],
    ['the user-presence flag clear', { userPresent: false }, 'user-presence'],
    ['the user-verification flag clear', { userVerified: false }, 'user-verification'],
    ['a signature over other data', { signature: 'wrong-data' }, 'signature'],
    ['a signature by another key', { signature: other }, 'signature'],
    ['another credential id', { credentialId: b64url(Buffer.alloc(32, 1)) }, 'unknown-credential'],
    ["another member's user handle", { userHandle: b64url(new TextEncoder().encode(randomUUID())) }, 'wrong-user'],
    ['a counter below the stored one', { signCount: 0 }, 'counter'],
  ])('refuses an assertion with %s', async (_label, corrupt, reason) => {
    const { authenticator, passkey } = await registered();
    expect((await assertion(authenticator, passkey)).ok).toBe(true);
    const stored = { ...passkey, counter: 1 };
    expect(await assertion(authenticator, stored, corrupt)).toEqual({ ok: false, reason });
  });

  it('accepts authenticators that always report 0, and refuses an equal non-zero counter', async () => {
    const { authenticator, passkey } = await registered(new SoftwareAuthenticator({ origin: APP_URL, counter: 'zero' }));
    expect(await assertion(authenticator, passkey)).toMatchObject({ ok: true, counter: 0 });
    expect(await assertion(authenticator, passkey)).toMatchObject({ ok: true, counter: 0 });
    const counting = await registered();
    expect(await assertion(counting.authenticator, { ...counting.passkey, counter: 5 }, { signCount: 5 })).toEqual({ ok: false, reason: 'counter' });
    expect(await assertion(counting.authenticator, { ...counting.passkey, counter: 5 }, { signCount: 6 })).toMatchObject({ ok: true, counter: 6 });
  });

  it.each<[string, Corruption, string]>([
    ['an assertion type', { type: 'webauthn.get' }, 'type'],
    ['another challenge', { challenge: b64url(Buffer.alloc(32, 7)) }, 'challenge'],
    ['a foreign origin', { origin: 'http://localhost:3000' }, 'origin'],
    ['another RP ID hash', { rpId: 'example.org' }, 'rp-id'],
    ['the user-presence flag clear', { userPresent: false }, 'user-presence'],
    ['the user-verification flag clear', { userVerified: false }, 'user-verification'],
  ])('refuses a registration with %s', async (_label, corrupt, reason) => {
    const authenticator = new SoftwareAuthenticator({ origin: APP_URL });
    const { challenge, options } = await rp.creationOptions({ user: member, exclude: [] });
    const response = registrationCredentialSchema.parse(authenticator.create(options, corrupt));
    expect(await rp.verifyRegistration({ response, expectedChallenge: challenge, requireUserVerification: true })).toEqual({ ok: false, reason });
  });

  it('names a refusal it does not recognise malformed', () => {
    expect(refusalOf(new Error('Credential ID was not base64url-encoded'))).toBe('malformed');
    expect(refusalOf('odd')).toBe('malformed');
  });
});
