/**
 * The shape of what the browser hands back from `navigator.credentials.create()` / `.get()`, as
 * @simplewebauthn/browser serialises it (RegistrationResponseJSON, AuthenticationResponseJSON).
 * Only the shape and sizes are checked here; whether it proves anything is the WebAuthn adapter's
 * job. Kept apart from schemas.ts so that file can use it without an import cycle.
 */
import { z } from 'zod';
import { cappedJson } from '../shared/json';

export const PASSKEY_CREDENTIAL_REQUIRED = 'Passkey credential is required';
export const PASSKEY_CREDENTIAL_INVALID = 'Invalid passkey credential';

const invalid = { error: PASSKEY_CREDENTIAL_INVALID };
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;
const base64url = (max: number) => z.string(invalid).min(1, PASSKEY_CREDENTIAL_INVALID).max(max, PASSKEY_CREDENTIAL_INVALID).regex(BASE64URL, PASSKEY_CREDENTIAL_INVALID);

const common = {
  // A credential id is at most 1023 bytes (WebAuthn §5.4.3): 1364 base64url characters.
  id: base64url(1400),
  rawId: base64url(1400),
  // Not narrowed to 'public-key' here: the adapter refuses other types, and the refusal is audited.
  type: z.string(invalid).max(32, PASSKEY_CREDENTIAL_INVALID),
  authenticatorAttachment: z.string(invalid).max(32, PASSKEY_CREDENTIAL_INVALID).optional(),
  clientExtensionResults: cappedJson(z.record(z.string(), z.unknown(), invalid), 'Client extension results', { message: PASSKEY_CREDENTIAL_INVALID }).optional(),
};

/** `{ error }` on the object itself: undefined says "required", anything else "invalid". */
const credentialError = { error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? PASSKEY_CREDENTIAL_REQUIRED : PASSKEY_CREDENTIAL_INVALID) };

export const registrationCredentialSchema = z.object(
  {
    ...common,
    response: z.object(
      {
        clientDataJSON: base64url(8192),
        attestationObject: base64url(65536),
        authenticatorData: base64url(65536).optional(),
        transports: z.array(z.string(invalid).max(32, PASSKEY_CREDENTIAL_INVALID), invalid).max(10, PASSKEY_CREDENTIAL_INVALID).optional(),
        publicKeyAlgorithm: z.number(invalid).int(PASSKEY_CREDENTIAL_INVALID).optional(),
        publicKey: base64url(8192).optional(),
      },
      invalid,
    ),
  },
  credentialError,
);
export type RegistrationCredential = z.output<typeof registrationCredentialSchema>;

export const authenticationCredentialSchema = z.object(
  {
    ...common,
    response: z.object(
      {
        clientDataJSON: base64url(8192),
        authenticatorData: base64url(65536),
        signature: base64url(2048),
        userHandle: z.preprocess((v) => (v === null || v === '' ? undefined : v), base64url(512).optional()),
      },
      invalid,
    ),
  },
  credentialError,
);
export type AuthenticationCredential = z.output<typeof authenticationCredentialSchema>;
