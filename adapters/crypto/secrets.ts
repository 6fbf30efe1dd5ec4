import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Secrets } from '../../application/ports/secrets';

/** 256-bit tokens, SHA-256 digests (tokens are random, so a fast hash is the right one). */
export const nodeSecrets: Secrets = {
  token: () => randomBytes(32).toString('base64url'),
  hash: (token) => createHash('sha256').update(token).digest('base64url'),
  uuid: () => randomUUID(),
};
