/**
 * Passwords are hashed with argon2id at OWASP's first recommended setting (m = 19 MiB, t = 2,
 * p = 1) through @node-rs/argon2, on the worker pool of adapters/crypto/password-pool.ts, and
 * stored in PHC form (`$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`), so a stored hash names its
 * algorithm and parameters. Hashes of the product's earlier scheme, scrypt
 * (`$scrypt$ln=17,r=8,p=1$<salt>$<key>`), still verify, and a successful check of one, or of an
 * argon2 hash with other parameters, asks for a rehash (login stores a fresh one).
 * domain/auth/README.md "Passwords" gives the reasons and the measurements.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { PasswordHasher } from '../../application/ports/passwords';
import { trimTrailing } from '../../domain/shared/strings';
import { sharedPasswordPool, type PasswordPool } from './password-pool';

export interface Argon2Parameters {
  /** KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP Password Storage Cheat Sheet, argon2id, the first of its equivalent settings. */
export const OWASP_ARGON2ID: Argon2Parameters = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Longer input is refused without hashing it in full: the API takes at most 1024 characters
 * (domain/auth/password.ts), which is at most 3 KiB of UTF-8; this bounds what any other caller can
 * make a hash cost.
 */
export const MAX_PASSWORD_BYTES = 4096;

/**
 * A stored hash asking for more than this is refused (with the dummy's work) rather than computed:
 * a row someone tampered with must not tie up a core for minutes or exhaust memory.
 */
const MAX_STORED = { memoryCost: 256 * 1024, timeCost: 16, parallelism: 8, scryptLn: 22 };

/** The earlier scheme always stored 64-byte keys; another length is a damaged (or shortened) hash. */
const SCRYPT_KEY_BYTES = 64;

const ARGON2_PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]{11,64})\$([A-Za-z0-9+/]{16,128})$/;
const SCRYPT_PHC = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

export function parseArgon2Hash(stored: string): Argon2Parameters | null {
  const m = ARGON2_PHC.exec(stored);
  return m ? { memoryCost: Number(m[1]), timeCost: Number(m[2]), parallelism: Number(m[3]) } : null;
}

export interface ScryptParameters {
  ln: number;
  r: number;
  p: number;
}

export function parseScryptHash(stored: string): (ScryptParameters & { salt: Buffer; key: Buffer }) | null {
  const m = SCRYPT_PHC.exec(stored);
  if (!m) return null;
  return { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]), salt: Buffer.from(m[4]!, 'base64'), key: Buffer.from(m[5]!, 'base64') };
}

const b64 = (bytes: Buffer) => trimTrailing(bytes.toString('base64'), '=');

/**
 * An argon2id hash at `params` that no password matches (a random salt and output): verifying
 * against it is a full argon2id computation at today's parameters, the work a real check does.
 */
const dummyHashFor = (params: Argon2Parameters) => `$argon2id$v=19$m=${params.memoryCost},t=${params.timeCost},p=${params.parallelism}$${b64(randomBytes(16))}$${b64(randomBytes(32))}`;

export interface PasswordHasherOptions {
  argon2?: Argon2Parameters;
  pool?: PasswordPool;
}

export function createPasswordHasher(options: PasswordHasherOptions = {}): PasswordHasher & { readonly parameters: Argon2Parameters } {
  const params = options.argon2 ?? OWASP_ARGON2ID;
  const pool = () => options.pool ?? sharedPasswordPool();
  const dummyHash = dummyHashFor(params);
  const tooLong = (password: string) => Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;
  const prepare = (password: string) => password.normalize('NFC');
  const dummy = async (password: string) => {
    await pool().run({ op: 'argon2-verify', hash: dummyHash, password: tooLong(password) ? '' : prepare(password) });
    return { ok: false, needsRehash: false };
  };

  return {
    parameters: params,

    async hash(password) {
      if (tooLong(password)) throw new RangeError(`a password is at most ${MAX_PASSWORD_BYTES} bytes`);
      return pool().run({ op: 'argon2-hash', password: prepare(password), ...params });
    },

    async verify(stored, password) {
      if (tooLong(password)) return dummy(password);
      const argon2 = parseArgon2Hash(stored);
      if (argon2) {
        const computable = argon2.parallelism >= 1 && argon2.timeCost >= 1 && argon2.memoryCost >= 8 * argon2.parallelism;
        const bounded = argon2.memoryCost <= MAX_STORED.memoryCost && argon2.timeCost <= MAX_STORED.timeCost && argon2.parallelism <= MAX_STORED.parallelism;
        if (!computable || !bounded) return dummy(password);
        const ok = await pool().run({ op: 'argon2-verify', hash: stored, password: prepare(password) });
        const current = argon2.memoryCost === params.memoryCost && argon2.timeCost === params.timeCost && argon2.parallelism === params.parallelism;
        return { ok, needsRehash: ok && !current };
      }
      const scrypt = parseScryptHash(stored);
      if (scrypt && scrypt.ln >= 1 && scrypt.ln <= MAX_STORED.scryptLn && scrypt.r >= 1 && scrypt.r <= 32 && scrypt.p >= 1 && scrypt.p <= 16 && scrypt.key.length === SCRYPT_KEY_BYTES) {
        const key = await pool().run({
          op: 'scrypt',
          password: prepare(password),
          salt: scrypt.salt,
          keyLength: SCRYPT_KEY_BYTES,
          N: 2 ** scrypt.ln,
          r: scrypt.r,
          p: scrypt.p,
          maxmem: 2 * 128 * scrypt.r * 2 ** scrypt.ln + 1024 * 1024,
        });
        const ok = timingSafeEqual(Buffer.from(key), scrypt.key);
        return { ok, needsRehash: ok };
      }
      return dummy(password);
    },

    async verifyDummy(password) {
      await dummy(password);
    },
  };
}
