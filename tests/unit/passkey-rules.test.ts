/** The passkey rules of domain/auth: the signature counter, default names, and every input's messages. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultPasskeyName, signCountAccepted } from '../../domain/auth/passkey';
import { PASSKEY_CREDENTIAL_INVALID, PASSKEY_CREDENTIAL_REQUIRED } from '../../domain/auth/passkey-credential';
import { passkeyListSchema, passkeyRegistrationSchema, passkeySignInSchema, renamePasskeySchema, verifyPasskeySchema } from '../../domain/auth/passkey-schemas';
import { reauthenticateSchema } from '../../domain/auth/schemas';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

const assertion = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEUC' }, clientExtensionResults: {} };
const attestation = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'o2NmbXQ' }, clientExtensionResults: {} };

describe('signature counter', () => {
  it('accepts 0 after 0 (authenticators that do not count) and any counter above the stored one', () => {
    expect(signCountAccepted(0, 0)).toBe(true);
    expect(signCountAccepted(0, 1)).toBe(true);
    expect(signCountAccepted(41, 42)).toBe(true);
  });

  it('refuses a counter below or equal to a stored non-zero one, and 0 after counting began', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }), (stored, received) => {
        expect(signCountAccepted(stored, received)).toBe(received > stored);
      }),
    );
  });
});

describe('default passkey names', () => {
  it('numbers them from 2, case-insensitively, filling the first gap', () => {
    expect(defaultPasskeyName([])).toBe('Passkey');
    expect(defaultPasskeyName(['My phone'])).toBe('Passkey');
    expect(defaultPasskeyName(['passkey'])).toBe('Passkey 2');
    expect(defaultPasskeyName(['Passkey', 'Passkey 2', 'PASSKEY 4'])).toBe('Passkey 3');
  });
});

describe('passkey inputs', () => {
  it('takes an optional, trimmed name of at most 100 characters', () => {
    expect(passkeyRegistrationSchema.parse({}).name).toBeUndefined();
    expect(passkeyRegistrationSchema.parse({ name: '  Laptop  ' })).toEqual({ name: 'Laptop' });
    expect(passkeyRegistrationSchema.parse({ name: '   ' })).toEqual({ name: undefined });
    expect(passkeyRegistrationSchema.parse({ name: null })).toEqual({ name: undefined });
    expect(firstMessage(passkeyRegistrationSchema.safeParse({ name: 'x'.repeat(101) }))).toBe('Passkey name must be at most 100 characters');
    expect(firstMessage(passkeyRegistrationSchema.safeParse({ name: 42 }))).toBe('Passkey name must be text');
    expect(firstMessage(passkeyRegistrationSchema.safeParse({ name: 'Lap\u0007top' }))).toBe('Passkey name must not contain control characters');
    expect(firstMessage(renamePasskeySchema.safeParse({ id: 'x', name: 'Lap\ntop' }))).toBe('Passkey name must not contain control characters');
  });

  it('needs a credential to verify, and setAsPreferred as a boolean (false when absent)', () => {
    expect(firstMessage(verifyPasskeySchema.safeParse({}))).toBe(PASSKEY_CREDENTIAL_REQUIRED);
    expect(firstMessage(verifyPasskeySchema.safeParse({ credential: null }))).toBe(PASSKEY_CREDENTIAL_REQUIRED);
    expect(firstMessage(verifyPasskeySchema.safeParse({ credential: 'abc' }))).toBe(PASSKEY_CREDENTIAL_INVALID);
    expect(firstMessage(verifyPasskeySchema.safeParse({ credential: { ...attestation, response: {} } }))).toBe(PASSKEY_CREDENTIAL_INVALID);
    expect(firstMessage(verifyPasskeySchema.safeParse({ credential: { ...attestation, id: 'not base64url!' } }))).toBe(PASSKEY_CREDENTIAL_INVALID);
    expect(firstMessage(verifyPasskeySchema.safeParse({ credential: attestation, setAsPreferred: 'yes' }))).toBe('setAsPreferred must be true or false');
    const parsed = verifyPasskeySchema.parse({ credential: attestation });
    expect(parsed.setAsPreferred).toBe(false);
    expect(parsed.name).toBeUndefined();
  });

  it('bounds every field of an answer', () => {
    const huge = { ...assertion, response: { ...assertion.response, clientDataJSON: 'a'.repeat(8193) } };
    expect(firstMessage(passkeySignInSchema.safeParse({ credential: huge }))).toBe(PASSKEY_CREDENTIAL_INVALID);
    expect(firstMessage(passkeySignInSchema.safeParse({ credential: { ...assertion, id: 'a'.repeat(1401) } }))).toBe(PASSKEY_CREDENTIAL_INVALID);
    expect(passkeySignInSchema.parse({ credential: { ...assertion, response: { ...assertion.response, userHandle: null } } }).credential.response.userHandle).toBeUndefined();
  });

  it('needs a name to rename, and pages the list from 1 with at most 100 a page', () => {
    expect(firstMessage(renamePasskeySchema.safeParse({ id: 'x', name: ' ' }))).toBe('Passkey name is required');
    expect(firstMessage(renamePasskeySchema.safeParse({ name: 'Phone' }))).toBe('Passkey ID is required');
    expect(passkeyListSchema.parse({})).toEqual({ page: 1, limit: 25 });
    expect(passkeyListSchema.parse({ page: '2', limit: '5' })).toEqual({ page: 2, limit: 5 });
    expect(firstMessage(passkeyListSchema.safeParse({ page: '0' }))).toBe('Page must be a whole number from 1');
    expect(firstMessage(passkeyListSchema.safeParse({ limit: '101' }))).toBe('Limit must be a whole number from 1 to 100');
  });

  it('lets re-authentication carry a passkey assertion', () => {
    expect(reauthenticateSchema.parse({ method: 'PASSKEY', credential: assertion }).credential?.id).toBe('Y3JlZA');
    expect(firstMessage(reauthenticateSchema.safeParse({ method: 'PASSKEY', credential: 'x' }))).toBe(PASSKEY_CREDENTIAL_INVALID);
  });
});
