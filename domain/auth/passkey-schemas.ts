/**
 * Inputs and answers of the passkey operations (issue 4), shared by the REST routes, the tRPC
 * procedures and the React forms.
 */
import { z } from 'zod';
import { PASSKEY_DEVICE_TYPES, PASSKEY_NAME_MAX_LENGTH } from './passkey';
import { authenticationCredentialSchema, registrationCredentialSchema } from './passkey-credential';
import { plainText } from '../shared/text';
import { requiredString } from './schemas';
import { credentialDescriptor } from './passkey-request-options';

export { passkeyRequestOptionsSchema, type PasskeyRequestOptions } from './passkey-request-options';

export const PASSKEY_NAME_REQUIRED = 'Passkey name is required';
export const PASSKEY_NAME_TOO_LONG = `Passkey name must be at most ${PASSKEY_NAME_MAX_LENGTH} characters`;
export const PASSKEY_ID_REQUIRED = 'Passkey ID is required';
export const PASSKEY_NAME_CONTROL = 'Passkey name must not contain control characters';

/** An optional name: missing, null, empty or blank all mean "none given". */
const optionalName = z
  .preprocess((v) => (v === null ? undefined : v), plainText(z.string({ error: 'Passkey name must be text' }).trim().max(PASSKEY_NAME_MAX_LENGTH, { message: PASSKEY_NAME_TOO_LONG, abort: true }), { message: PASSKEY_NAME_CONTROL }).optional())
  .transform((v) => (v ? v : undefined));

const passkeyId = requiredString(PASSKEY_ID_REQUIRED).pipe(z.string().max(100, 'Invalid passkey ID'));

/** Optional as a whole too: a tRPC call may send no input at all. */
export const passkeyRegistrationSchema = z.object({ name: optionalName }).default({ name: undefined });

export const verifyPasskeySchema = z.object({
  credential: registrationCredentialSchema,
  setAsPreferred: z.preprocess((v) => (v === null ? undefined : v), z.boolean({ error: 'setAsPreferred must be true or false' }).optional().default(false)),
  name: optionalName,
});

export const passkeySignInSchema = z.object({ credential: authenticationCredentialSchema });

export const renamePasskeySchema = z.object({
  id: passkeyId,
  name: requiredString(PASSKEY_NAME_REQUIRED, PASSKEY_NAME_CONTROL).pipe(z.string().max(PASSKEY_NAME_MAX_LENGTH, PASSKEY_NAME_TOO_LONG)),
});

export const removePasskeySchema = z.object({ id: passkeyId });

const pageNumber = z.coerce.number({ error: 'Page must be a whole number from 1' }).int('Page must be a whole number from 1').min(1, 'Page must be a whole number from 1');
const pageLimit = z.coerce
  .number({ error: 'Limit must be a whole number from 1 to 100' })
  .int('Limit must be a whole number from 1 to 100')
  .min(1, 'Limit must be a whole number from 1 to 100')
  .max(100, 'Limit must be a whole number from 1 to 100');

export const passkeyListSchema = z.object({ page: pageNumber.optional().default(1), limit: pageLimit.optional().default(25) }).default({ page: 1, limit: 25 });

/** A passkey as the API answers it: never the public key or the credential id. */
export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  deviceType: z.enum(PASSKEY_DEVICE_TYPES),
  backedUp: z.boolean(),
  transports: z.array(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;


/** PublicKeyCredentialCreationOptionsJSON, for `startRegistration({ optionsJSON })` in the browser. */
export const passkeyCreationOptionsSchema = z.looseObject({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z.looseObject({ residentKey: z.string().optional(), requireResidentKey: z.boolean().optional(), userVerification: z.string().optional() }).optional(),
  attestation: z.string().optional(),
  hints: z.array(z.string()).optional(),
  extensions: z.record(z.string(), z.unknown()).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;
