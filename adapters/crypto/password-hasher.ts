/**
 * scrypt from Node's crypto at OWASP's recommended parameters (N=2^17, r=8, p=1: 128 MiB,
 * memory-hard), stored in PHC string form `$scrypt$ln=17,r=8,p=1$<salt>$<hash>` so a stored hash
 * names its algorithm and parameters, and a login with older parameters is rehashed.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '../../application/ports/passwords';

export interface ScryptParameters {
  ln: number;
  r: number;
  p: number;
}

export const OWASP_SCRYPT: ScryptParameters = { ln: 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

const scrypt = (password: string, salt: Buffer, params: ScryptParameters) =>
  new Promise<Buffer>((resolve, reject) => {
    const options: ScryptOptions = { N: 2 ** params.ln, r: params.r, p: params.p, maxmem: 2 * 128 * params.r * 2 ** params.ln + 1024 * 1024 };
    scryptCallback(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

const PHC = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

export function parseScryptHash(stored: string): (ScryptParameters & { salt: Buffer; key: Buffer }) | null {
  const m = PHC.exec(stored);
  if (!m) return null;
  return { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]), salt: Buffer.from(m[4]!, 'base64'), key: Buffer.from(m[5]!, 'base64') };
}

export function createScryptHasher(params: ScryptParameters = OWASP_SCRYPT): PasswordHasher {
  const dummySalt = randomBytes(SALT_BYTES);
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await scrypt(password, salt, params);
      return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
    },
    async verify(stored, password) {
      const parsed = parseScryptHash(stored);
      if (!parsed || parsed.ln > 22) {
        await scrypt(password, dummySalt, params);
        return { ok: false, needsRehash: false };
      }
      const key = await scrypt(password, parsed.salt, parsed);
      const ok = key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
      return { ok, needsRehash: ok && (parsed.ln !== params.ln || parsed.r !== params.r || parsed.p !== params.p) };
    },
    async verifyDummy(password) {
      await scrypt(password, dummySalt, params);
    },
  };
}
