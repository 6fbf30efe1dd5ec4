/**
 * A real WebAuthn authenticator in software, for tests without a browser: ES256 (P-256) key pairs
 * from node:crypto, COSE public keys, attestation format 'none', CBOR encoding, authenticator data
 * (rpIdHash | flags | signCount | attested credential data) and DER signatures over
 * authenticatorData || SHA-256(clientDataJSON), as WebAuthn Level 3 §6 describes. It answers with
 * the JSON @simplewebauthn/browser would send (RegistrationResponseJSON, AuthenticationResponseJSON).
 *
 * Every answer can be corrupted one field at a time (type, challenge, origin, RP ID hash, flags,
 * counter, signature, credential id, user handle) to prove the server refuses each.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

// ---------------------------------------------------------------------------------------------
// CBOR (RFC 8949), the subset WebAuthn needs: unsigned and negative integers, byte strings, text
// strings, arrays, maps, booleans and null, always in the shortest form (what canonical CBOR and
// the server's re-encoding of the COSE key expect).

export type CborValue = number | string | Uint8Array | boolean | null | CborValue[] | Map<CborValue, CborValue>;

function head(major: number, length: number): number[] {
  if (!Number.isSafeInteger(length) || length < 0) throw new RangeError(`CBOR length ${length}`);
  const m = major << 5;
  if (length < 24) return [m | length];
  if (length < 0x100) return [m | 24, length];
  if (length < 0x10000) return [m | 25, length >> 8, length & 0xff];
  if (length < 0x100000000) return [m | 26, (length >>> 24) & 0xff, (length >>> 16) & 0xff, (length >>> 8) & 0xff, length & 0xff];
  throw new RangeError('CBOR lengths beyond 32 bits are not needed here');
}

export function encodeCbor(value: CborValue): Uint8Array {
  const out: number[] = [];
  const write = (v: CborValue): void => {
    if (typeof v === 'number') {
      if (!Number.isInteger(v)) throw new TypeError('only integers are encoded');
      out.push(...(v >= 0 ? head(0, v) : head(1, -1 - v)));
    } else if (typeof v === 'string') {
      const bytes = new TextEncoder().encode(v);
      out.push(...head(3, bytes.length), ...bytes);
    } else if (v instanceof Uint8Array) {
      out.push(...head(2, v.length), ...v);
    } else if (typeof v === 'boolean') {
      out.push(v ? 0xf5 : 0xf4);
    } else if (v === null) {
      out.push(0xf6);
    } else if (Array.isArray(v)) {
      out.push(...head(4, v.length));
      v.forEach(write);
    } else {
      out.push(...head(5, v.size));
      for (const [k, item] of v) {
        write(k);
        write(item);
      }
    }
  };
  write(value);
  return Uint8Array.from(out);
}

// ---------------------------------------------------------------------------------------------

export const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const fromB64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());

/** Authenticator data flags (WebAuthn §6.1). */
export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40, ED: 0x80 } as const;
const COSE_ES256 = -7;

interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: { alg: number; type: string }[];
  excludeCredentials?: { id: string }[];
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export interface RegistrationResponseJSON {
  id: string;
  rawId: string;
  type: string;
  response: { clientDataJSON: string; attestationObject: string; transports: string[]; publicKeyAlgorithm: number };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment: string;
}

export interface AuthenticationResponseJSON {
  id: string;
  rawId: string;
  type: string;
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment: string;
}

/** One field at a time, what a test may change in an answer. Anything unset is what a real authenticator would send. */
export interface Corruption {
  /** clientDataJSON fields. */
  type?: string;
  challenge?: string;
  origin?: string;
  /** Hash this RP ID into the authenticator data instead of the real one. */
  rpId?: string;
  userPresent?: boolean;
  userVerified?: boolean;
  /** Report this signature counter instead of the authenticator's next one. */
  signCount?: number;
  /** Sign something else (a valid signature that does not match), or with another key. */
  signature?: 'wrong-data' | KeyObject;
  /** Claim this credential id (id and rawId). */
  credentialId?: string;
  /** Send this user handle (null: none at all). */
  userHandle?: string | null;
  /** A last edit of the JSON answer. */
  edit?: (json: any) => void; // any: a test reaches into any field it wants to break
}

export interface StoredCredential {
  id: Uint8Array;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  signCount: number;
}

export interface SoftwareAuthenticatorOptions {
  /** The origin the "browser" runs on, written into clientDataJSON. */
  origin: string;
  /** 'increment' (default): the counter grows with every assertion; 'zero': it is always 0, as many passkey providers do. */
  counter?: 'increment' | 'zero';
  /** Backup eligible and backed up (a synced passkey): multiDevice on the server. */
  synced?: boolean;
  /** The AAGUID written into the attested credential data (a UUID); all zeros when left out, as privacy-minded authenticators answer. */
  aaguid?: string;
}

export class ExcludedCredentialError extends Error {
  constructor() {
    super('InvalidStateError: the authenticator already holds one of the excluded credentials');
    this.name = 'InvalidStateError';
  }
}

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];
  constructor(readonly options: SoftwareAuthenticatorOptions) {}

  private flags(corrupt: Corruption, extra: number) {
    let flags = extra;
    if (corrupt.userPresent ?? true) flags |= FLAGS.UP;
    if (corrupt.userVerified ?? true) flags |= FLAGS.UV;
    if (this.options.synced) flags |= FLAGS.BE | FLAGS.BS;
    return flags;
  }

  private clientData(kind: 'webauthn.create' | 'webauthn.get', challenge: string, corrupt: Corruption) {
    const data = { type: corrupt.type ?? kind, challenge: corrupt.challenge ?? challenge, origin: corrupt.origin ?? this.options.origin, crossOrigin: false };
    return new TextEncoder().encode(JSON.stringify(data));
  }

  /**
   * navigator.credentials.create(): a new ES256 credential, attestation 'none'. `reuse` answers
   * with a credential the authenticator holds already (its id and key), as a cloned or
   * malicious authenticator could.
   */
  create(options: CreationOptions, corrupt: Corruption = {}, reuse?: StoredCredential): RegistrationResponseJSON {
    const rpId = options.rp.id ?? new URL(this.options.origin).hostname;
    if (!options.pubKeyCredParams.some((p) => p.alg === COSE_ES256)) throw new Error('NotSupportedError: ES256 not offered');
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id));
    if (this.credentials.some((c) => c.rpId === rpId && excluded.has(b64url(c.id)))) throw new ExcludedCredentialError();

    const { privateKey, publicKey } = reuse ?? generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = reuse?.id ?? new Uint8Array(randomBytes(32));
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = encodeCbor(new Map<CborValue, CborValue>([[1, 2], [3, COSE_ES256], [-1, 1], [-2, fromB64url(jwk.x!)], [-3, fromB64url(jwk.y!)]]));
    const signCount = corrupt.signCount ?? 0;

    const idLength = [id.length >> 8, id.length & 0xff];
    const aaguid = this.options.aaguid ? Buffer.from(this.options.aaguid.replace(/-/g, ''), 'hex') : new Uint8Array(16);
    const attested = Uint8Array.from([...aaguid, ...idLength, ...id, ...cose]);
    const authData = this.authenticatorData(corrupt.rpId ?? rpId, this.flags(corrupt, FLAGS.AT), signCount, attested);
    const attestationObject = encodeCbor(new Map<CborValue, CborValue>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));

    if (!reuse) this.credentials.push({ id, rpId, userHandle: options.user.id, privateKey, publicKey, signCount });
    const credentialId = corrupt.credentialId ?? b64url(id);
    const json: RegistrationResponseJSON = {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, corrupt)), attestationObject: b64url(attestationObject), transports: ['internal', 'hybrid'], publicKeyAlgorithm: COSE_ES256 },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
    corrupt.edit?.(json);
    return json;
  }

  /**
   * navigator.credentials.get(): an assertion by one of the stored credentials for the RP ID: the
   * one named by `use`, else the newest one allowCredentials permits (any, when it is empty: a
   * discoverable credential, as passkey autofill picks).
   */
  get(options: RequestOptions, corrupt: Corruption = {}, use?: StoredCredential): AuthenticationResponseJSON {
    const rpId = options.rpId ?? new URL(this.options.origin).hostname;
    const allowed = new Set((options.allowCredentials ?? []).map((c) => c.id));
    const credential = use ?? [...this.credentials].reverse().find((c) => c.rpId === rpId && (allowed.size === 0 || allowed.has(b64url(c.id))));
    if (!credential) throw new Error('NotAllowedError: no credential for this relying party');

    if (this.options.counter !== 'zero') credential.signCount += 1;
    const signCount = corrupt.signCount ?? (this.options.counter === 'zero' ? 0 : credential.signCount);
    const authData = this.authenticatorData(corrupt.rpId ?? rpId, this.flags(corrupt, 0), signCount);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, corrupt);
    const signed = Buffer.concat([authData, sha256(clientDataJSON)]);
    const key = corrupt.signature && corrupt.signature !== 'wrong-data' ? corrupt.signature : credential.privateKey;
    const data = corrupt.signature === 'wrong-data' ? Buffer.concat([signed, Buffer.from('tampered')]) : signed;
    // ECDSA signatures in ASN.1 DER, as WebAuthn requires for ES256 (node's default encoding).
    const signature = sign('sha256', data, { key, dsaEncoding: 'der' });

    const credentialId = corrupt.credentialId ?? b64url(credential.id);
    const userHandle = corrupt.userHandle === undefined ? credential.userHandle : corrupt.userHandle;
    const json: AuthenticationResponseJSON = {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), ...(userHandle === null ? {} : { userHandle }) },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
    corrupt.edit?.(json);
    return json;
  }

  private authenticatorData(rpId: string, flags: number, signCount: number, attested: Uint8Array = new Uint8Array()) {
    const count = [(signCount >>> 24) & 0xff, (signCount >>> 16) & 0xff, (signCount >>> 8) & 0xff, signCount & 0xff];
    return Uint8Array.from([...sha256(rpId), flags, ...count, ...attested]);
  }
}

/** The browser's view of the test server: APP_URL is http://localhost:<port>. */
export const authenticatorFor = (appUrl: string, options: Omit<SoftwareAuthenticatorOptions, 'origin'> = {}) => new SoftwareAuthenticator({ origin: new URL(appUrl).origin, ...options });
