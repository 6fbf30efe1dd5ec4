/**
 * Passkeys: where they are kept (PasskeyRepository: PostgreSQL, and its memory twin held to one
 * contract by tests/contract/passkeys.test.ts) and the WebAuthn relying party that makes options
 * and checks what authenticators answer (adapters/webauthn, on @simplewebauthn/server).
 */
import type { Passkey, PasskeyDeviceType, PasskeyRefusal } from '../../domain/auth/passkey';
import type { AuthenticationCredential, RegistrationCredential } from '../../domain/auth/passkey-credential';
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '../../domain/auth/passkey-schemas';

export interface PasskeyUse {
  /** The counter the caller read; the use is recorded only while it is still the stored one. */
  previousCounter: number;
  counter: number;
  backedUp: boolean;
  at: Date;
}

export interface PasskeyRepository {
  /** Stores a new passkey; 'duplicate' when its credential id is registered already (to anyone). */
  create(passkey: Passkey): Promise<'created' | 'duplicate'>;
  byId(id: string): Promise<Passkey | null>;
  byCredentialId(credentialId: string): Promise<Passkey | null>;
  /** The member's passkeys, oldest first. */
  listForUser(userId: string): Promise<Passkey[]>;
  countForUser(userId: string): Promise<number>;
  /** Renames one of the member's passkeys; null when the member has no passkey with that id. */
  rename(userId: string, id: string, name: string): Promise<Passkey | null>;
  /** Removes one of the member's passkeys; false when the member has no passkey with that id. */
  remove(userId: string, id: string): Promise<boolean>;
  removeAllForUser(userId: string): Promise<number>;
  /**
   * Records a verified assertion: the new counter, backup state and last use, as one
   * compare-and-set on the counter. False when the passkey is gone or its counter moved since it
   * was read (a concurrent assertion won), so one counter value signs in at most once.
   */
  recordUse(id: string, use: PasskeyUse): Promise<boolean>;
}

export interface PasskeyDescriptor {
  credentialId: string;
  transports: string[];
}

export interface CreationOptionsRequest {
  user: { id: string; name: string; displayName: string };
  /** The member's passkeys, so an authenticator that holds one of them is not registered twice. */
  exclude: PasskeyDescriptor[];
}

export type RegistrationVerdict =
  | {
      ok: true;
      credential: { credentialId: string; publicKey: Uint8Array; counter: number; transports: string[]; deviceType: PasskeyDeviceType; backedUp: boolean };
      /** Where the passkey lives ('Google Password Manager'), from the AAGUID the authenticator reported; null when unknown. */
      provider: string | null;
    }
  | { ok: false; reason: PasskeyRefusal };

export type AuthenticationVerdict = { ok: true; counter: number; backedUp: boolean; userVerified: boolean } | { ok: false; reason: PasskeyRefusal };

export interface WebAuthnRelyingParty {
  /** Options for `navigator.credentials.create()`, with a fresh challenge. */
  creationOptions(request: CreationOptionsRequest): Promise<{ challenge: string; options: PasskeyCreationOptions }>;
  /** Options for `navigator.credentials.get()`, with a fresh challenge; an empty `allow` lets the browser offer any passkey of this site. */
  requestOptions(request: { allow: PasskeyDescriptor[] }): Promise<{ challenge: string; options: PasskeyRequestOptions }>;
  /** The challenge an answer claims to respond to (from its client data), or null when it cannot be read. */
  challengeOf(response: RegistrationCredential | AuthenticationCredential): string | null;
  verifyRegistration(input: { response: RegistrationCredential; expectedChallenge: string; requireUserVerification: boolean }): Promise<RegistrationVerdict>;
  verifyAuthentication(input: {
    response: AuthenticationCredential;
    expectedChallenge: string;
    passkey: Pick<Passkey, 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'userId'>;
    requireUserVerification: boolean;
  }): Promise<AuthenticationVerdict>;
}
