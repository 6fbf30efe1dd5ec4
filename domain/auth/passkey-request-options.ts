/**
 * PublicKeyCredentialRequestOptionsJSON as the server answers it, for `startAuthentication({
 * optionsJSON })` in the browser. Written with `zod/mini`: the sign-in page checks it without
 * downloading classic zod (docs/architecture.md §6); domain/auth/passkey-schemas.ts re-exports it.
 */
import * as z from 'zod/mini';

/** A credential the options name (allowed or excluded). */
export const credentialDescriptor = z.object({ id: z.string(), type: z.literal('public-key'), transports: z.optional(z.array(z.string())) });

export const passkeyRequestOptionsSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.optional(z.string()),
  timeout: z.optional(z.number()),
  allowCredentials: z.optional(z.array(credentialDescriptor)),
  userVerification: z.optional(z.string()),
  hints: z.optional(z.array(z.string())),
  extensions: z.optional(z.record(z.string(), z.unknown())),
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;
