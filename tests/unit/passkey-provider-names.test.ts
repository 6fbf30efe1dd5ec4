/**
 * Passkeys named after their provider (issue 11): the AAGUID -> name list shipped in
 * adapters/webauthn/passkey-providers.json, the lookup, the naming rule (domain/auth/passkey.ts)
 * and the relying party reporting the provider of a registration made by an authenticator that
 * names itself.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { providerNameOf } from '../../adapters/webauthn/authenticator-names';
import providers from '../../adapters/webauthn/passkey-providers.json' with { type: 'json' };
import { createWebAuthnRelyingParty } from '../../adapters/webauthn/relying-party';
import { defaultPasskeyName, PASSKEY_NAME_MAX_LENGTH } from '../../domain/auth/passkey';
import { registrationCredentialSchema } from '../../domain/auth/passkey-credential';
import { SoftwareAuthenticator } from '../support/software-authenticator';

const GOOGLE = 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4';
const APPLE = 'fbfc3007-154e-4ecc-8c0b-6e020557d7bd';

describe('the shipped list', () => {
  it('names its source and date, and maps lower-case AAGUIDs to printable names that fit a passkey name', () => {
    expect(providers.source).toMatch(/^https:\/\/github\.com\/passkeydeveloper\/passkey-authenticator-aaguids\/blob\/[0-9a-f]{40}\/aaguid\.json$/);
    expect(providers.retrieved).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const entries = Object.entries(providers.names);
    expect(entries.length).toBeGreaterThan(40);
    for (const [aaguid, name] of entries) {
      expect(aaguid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(name.trim()).toBe(name);
      expect(name.length).toBeGreaterThan(0);
      expect(name.length).toBeLessThanOrEqual(PASSKEY_NAME_MAX_LENGTH - 4);
      expect(name).not.toMatch(/\p{Cc}/u);
    }
  });
});

describe('providerNameOf', () => {
  it('answers the provider of a known AAGUID, whatever its case', () => {
    expect(providerNameOf(GOOGLE)).toBe('Google Password Manager');
    expect(providerNameOf(GOOGLE.toUpperCase())).toBe('Google Password Manager');
    expect(providerNameOf(APPLE)).toBe('Apple Passwords');
    expect(providerNameOf('bada5566-a7aa-401f-bd96-45619a55120d')).toBe('1Password');
    expect(providerNameOf('d548826e-79b4-db40-a3d8-11116f7e8349')).toBe('Bitwarden');
    expect(providerNameOf('08987058-cadc-4b81-b6e1-30de50dcbe96')).toBe('Windows Hello');
  });

  it('answers null for an unknown, undisclosed (all zeros) or absent AAGUID, and for keys of any object', () => {
    expect(providerNameOf(randomUUID())).toBeNull();
    expect(providerNameOf('00000000-0000-0000-0000-000000000000')).toBeNull();
    expect(providerNameOf(null)).toBeNull();
    expect(providerNameOf(undefined)).toBeNull();
    expect(providerNameOf('')).toBeNull();
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(providerNameOf(key)).toBeNull();
  });
});

describe('defaultPasskeyName with a provider', () => {
  it("takes the provider's name, then numbers the next ones of that provider", () => {
    expect(defaultPasskeyName([], 'Google Password Manager')).toBe('Google Password Manager');
    expect(defaultPasskeyName(['Google Password Manager'], 'Google Password Manager')).toBe('Google Password Manager 2');
    expect(defaultPasskeyName(['google password manager', 'Google Password Manager 2'], 'Google Password Manager')).toBe('Google Password Manager 3');
    expect(defaultPasskeyName(['Passkey', '1Password'], 'Google Password Manager')).toBe('Google Password Manager');
  });

  it("falls back to today's naming without a provider", () => {
    expect(defaultPasskeyName(['Google Password Manager'], null)).toBe('Passkey');
    expect(defaultPasskeyName(['Passkey'], undefined)).toBe('Passkey 2');
    expect(defaultPasskeyName(['Passkey'], '   ')).toBe('Passkey 2');
  });

  it('keeps a long provider name, numbered, within the longest name a passkey may have', () => {
    const long = 'P'.repeat(200);
    const first = defaultPasskeyName([], long);
    expect(first.length).toBeLessThanOrEqual(PASSKEY_NAME_MAX_LENGTH);
    let taken = [first];
    for (let i = 0; i < 24; i++) taken = [...taken, defaultPasskeyName(taken, long)];
    expect(new Set(taken).size).toBe(25);
    for (const name of taken) expect(name.length).toBeLessThanOrEqual(PASSKEY_NAME_MAX_LENGTH);
  });
});

describe('the relying party', () => {
  const APP_URL = 'https://learn.example.org';
  const rp = createWebAuthnRelyingParty({ appUrl: APP_URL, rpName: 'Objectivism Learning' });
  const register = async (authenticator: SoftwareAuthenticator) => {
    const { challenge, options } = await rp.creationOptions({ user: { id: randomUUID(), name: 'dagny@example.org', displayName: 'Dagny' }, exclude: [] });
    const response = registrationCredentialSchema.parse(authenticator.create(options));
    return rp.verifyRegistration({ response, expectedChallenge: challenge, requireUserVerification: true });
  };

  it('reports the provider an authenticator names itself as, and none for an unnamed or unknown one', async () => {
    expect(await register(new SoftwareAuthenticator({ origin: APP_URL, aaguid: APPLE }))).toMatchObject({ ok: true, provider: 'Apple Passwords' });
    expect(await register(new SoftwareAuthenticator({ origin: APP_URL }))).toMatchObject({ ok: true, provider: null });
    expect(await register(new SoftwareAuthenticator({ origin: APP_URL, aaguid: randomUUID() }))).toMatchObject({ ok: true, provider: null });
  });
});
