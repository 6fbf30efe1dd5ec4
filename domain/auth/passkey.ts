/**
 * Passkeys (issue 4): WebAuthn credentials a member registers to sign in without a password.
 * The rules here are pure; the ceremonies live in application/auth/passkeys.ts and the WebAuthn
 * checks (signatures, attestation, client data) in adapters/webauthn. domain/auth/README.md
 * "Passkeys" explains the choices.
 */

/** A registration or sign-in ceremony must be finished within this time, and only once. */
export const PASSKEY_CHALLENGE_TTL_SECONDS = 5 * 60;
/** Bounds the list and the exclude list a registration sends to the browser. */
export const MAX_PASSKEYS_PER_MEMBER = 25;
export const PASSKEY_NAME_MAX_LENGTH = 100;
/**
 * A passkey is the whole proof at sign-in, so the authenticator must verify the member (PIN,
 * fingerprint, face), not only see someone touch it. The options still say `preferred` so that the
 * browser's passkey autofill is offered everywhere; an authenticator that cannot verify is refused.
 */
export const PASSKEY_USER_VERIFICATION_REQUIRED = true;

export const PASSKEY_DEVICE_TYPES = ['singleDevice', 'multiDevice'] as const;
export type PasskeyDeviceType = (typeof PASSKEY_DEVICE_TYPES)[number];

export interface Passkey {
  id: string;
  userId: string;
  /** The credential id as the browser reports it (base64url); unique across all members. */
  credentialId: string;
  /** The credential's COSE-encoded public key. */
  publicKey: Uint8Array;
  /** The authenticator's signature counter at its last use (0 for authenticators that do not count). */
  counter: number;
  transports: string[];
  deviceType: PasskeyDeviceType;
  backedUp: boolean;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** What the client shows (spec 000 §8); the server's own messages are more specific. */
export const PASSKEY_CLIENT_MESSAGES = {
  startRegistration: 'Failed to start passkey registration',
  create: 'Failed to create passkey',
  verify: 'Failed to verify passkey',
} as const;

export const PASSKEY_VERIFICATION_FAILED = 'Passkey verification failed';
export const PASSKEY_CHALLENGE_EXPIRED = 'This passkey request has expired or was already used. Please try again.';
export const PASSKEY_ALREADY_REGISTERED = 'This passkey is already registered.';
export const PASSKEY_LIMIT_REACHED = `You already have ${MAX_PASSKEYS_PER_MEMBER} passkeys. Remove one before adding another.`;
export const PASSKEY_NOT_FOUND = 'Passkey not found';

/** Why an assertion or attestation was refused: kept in the audit trail, never told to the caller. */
export type PasskeyRefusal =
  | 'challenge'
  | 'type'
  | 'origin'
  | 'rp-id'
  | 'user-presence'
  | 'user-verification'
  | 'signature'
  | 'counter'
  | 'unknown-credential'
  | 'wrong-user'
  | 'attestation'
  | 'malformed';

/**
 * The signature counter rule (WebAuthn §7.2 step 21, as @simplewebauthn/server applies it): the
 * counter must move past the stored one; an authenticator that reports 0 and has always reported
 * 0 does not count at all and is accepted. Anything else suggests a cloned authenticator.
 */
export function signCountAccepted(stored: number, received: number): boolean {
  return (stored === 0 && received === 0) || received > stored;
}

/**
 * The provider's name ('Google Password Manager') or, when the authenticator did not say which it
 * is, 'Passkey'; then the same with 2, 3, ... the first not yet taken by the member.
 */
export function defaultPasskeyName(taken: readonly string[], provider?: string | null): string {
  const base = provider?.trim().slice(0, PASSKEY_NAME_MAX_LENGTH - 4) || 'Passkey';
  const names = new Set(taken.map((n) => n.toLowerCase()));
  if (!names.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) if (!names.has(`${base} ${i}`.toLowerCase())) return `${base} ${i}`;
}

/** Challenges are base64url strings the server made; anything else cannot be one of ours. */
export const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
