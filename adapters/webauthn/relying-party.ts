/**
 * The WebAuthn relying party on @simplewebauthn/server. The relying-party ID is APP_URL's host
 * name and the only accepted origin is APP_URL's origin, so a passkey made for this site answers
 * nowhere else and an answer made on another site is refused here.
 *
 * Options ask for discoverable credentials (residentKey preferred) and user verification
 * `preferred`, so the browser's passkey autofill works; whether verification is then required is
 * the caller's rule (domain/auth/passkey.ts). Attestation is 'none': the product trusts the
 * member's choice of authenticator and keeps no vendor certificates.
 */
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { WebAuthnRelyingParty } from '../../application/ports/passkeys';
import { PASSKEY_CHALLENGE_TTL_SECONDS, type PasskeyRefusal } from '../../domain/auth/passkey';
import { providerNameOf } from './authenticator-names';
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '../../domain/auth/passkey-schemas';

export interface RelyingPartySettings {
  /** APP_URL: its host name is the RP ID, its origin the one accepted origin. */
  appUrl: string;
  /** Shown by the authenticator when the passkey is made. */
  rpName: string;
}

/** The library says why it refused in words only; these become the audit trail's reasons. */
const REFUSALS: [RegExp, PasskeyRefusal][] = [
  [/response type|credential type/i, 'type'],
  [/challenge/i, 'challenge'],
  [/origin/i, 'origin'],
  [/RP ID/i, 'rp-id'],
  [/user presence|user not present/i, 'user-presence'],
  [/user verification/i, 'user-verification'],
  [/counter/i, 'counter'],
  [/attestation/i, 'attestation'],
];

export function refusalOf(error: unknown): PasskeyRefusal {
  const message = error instanceof Error ? error.message : String(error);
  return REFUSALS.find(([pattern]) => pattern.test(message))?.[1] ?? 'malformed';
}

const timeout = PASSKEY_CHALLENGE_TTL_SECONDS * 1000;
const newChallenge = () => new Uint8Array(randomBytes(32));
/** The WebAuthn user handle of a member: the bytes of their id (random, not personal data). */
const userHandleOf = (userId: string) => new TextEncoder().encode(userId);

export function createWebAuthnRelyingParty(settings: RelyingPartySettings): WebAuthnRelyingParty {
  const url = new URL(settings.appUrl);
  const rpID = url.hostname;
  const origin = url.origin;

  return {
    async creationOptions({ user, exclude }) {
      const options = await generateRegistrationOptions({
        rpName: settings.rpName,
        rpID,
        userName: user.name,
        userDisplayName: user.displayName,
        userID: userHandleOf(user.id),
        challenge: newChallenge(),
        timeout,
        attestationType: 'none',
        excludeCredentials: exclude.map((p) => ({ id: p.credentialId, transports: p.transports })),
        // A fresh object each time: the library writes requireResidentKey into the one it is given.
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      return { challenge: options.challenge, options: options as PasskeyCreationOptions };
    },

    async requestOptions({ allow }) {
      const options = await generateAuthenticationOptions({
        rpID,
        challenge: newChallenge(),
        timeout,
        userVerification: 'preferred',
        allowCredentials: allow.map((p) => ({ id: p.credentialId, transports: p.transports })),
      });
      return { challenge: options.challenge, options: options as PasskeyRequestOptions };
    },

    challengeOf(response) {
      try {
        const challenge: unknown = decodeClientDataJSON(response.response.clientDataJSON).challenge;
        return typeof challenge === 'string' ? challenge : null;
      } catch {
        return null;
      }
    },

    async verifyRegistration({ response, expectedChallenge, requireUserVerification }) {
      try {
        const result = await verifyRegistrationResponse({
          response: response as RegistrationResponseJSON,
          expectedChallenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserPresence: true,
          requireUserVerification,
        });
        if (!result.verified) return { ok: false, reason: 'attestation' };
        const info = result.registrationInfo;
        // The library reads the id from the authenticator data; the answer must name the same one.
        if (info.credential.id !== response.id) return { ok: false, reason: 'malformed' };
        return {
          ok: true,
          credential: {
            credentialId: info.credential.id,
            publicKey: new Uint8Array(info.credential.publicKey),
            counter: info.credential.counter,
            transports: [...(info.credential.transports ?? [])],
            deviceType: info.credentialDeviceType,
            backedUp: info.credentialBackedUp,
          },
          provider: providerNameOf(info.aaguid),
        };
      } catch (error) {
        return { ok: false, reason: refusalOf(error) };
      }
    },

    async verifyAuthentication({ response, expectedChallenge, passkey, requireUserVerification }) {
      if (response.id !== passkey.credentialId) return { ok: false, reason: 'unknown-credential' };
      // A discoverable credential names its member; it must be the passkey's owner.
      const handle = response.response.userHandle;
      if (handle !== undefined) {
        let claimed: string | null = null;
        try {
          claimed = new TextDecoder('utf-8', { fatal: true }).decode(isoBase64URL.toBuffer(handle));
        } catch {
          claimed = null;
        }
        if (claimed !== passkey.userId) return { ok: false, reason: 'wrong-user' };
      }
      try {
        const result = await verifyAuthenticationResponse({
          response: response as AuthenticationResponseJSON,
          expectedChallenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
          requireUserVerification,
        });
        if (!result.verified) return { ok: false, reason: 'signature' };
        const info = result.authenticationInfo;
        return { ok: true, counter: info.newCounter, backedUp: info.credentialBackedUp, userVerified: info.userVerified };
      } catch (error) {
        return { ok: false, reason: refusalOf(error) };
      }
    },
  };
}
