/**
 * Sessions (docs/architecture.md §3 "Auth transport"): opaque access tokens (5 minutes) and refresh
 * tokens (7 days) stored hashed under `auth:`, checked on the server on every request so logout,
 * revocation and deactivation take effect at once. Refresh tokens rotate on every use; a rotated
 * token presented again revokes the whole session (its refresh family).
 */
import type { Actor } from '../../domain/auth/actor';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS, SESSION_TOUCH_INTERVAL_SECONDS, type SignInMethod } from '../../domain/auth/session';
import type { SignInMethods, User } from '../../domain/auth/user';
import { unauthenticated } from '../../domain/shared/errors';
import { authKey } from '../../domain/storage/rules';
import type { AuthDeps, ClientInfo } from './deps';

export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

interface TokenRecord {
  sessionId: string;
  userId: string;
  /**
   * When the token stops working (epoch ms), checked against the product clock: the store's TTL
   * only bounds how long the record is kept, and runs on the store's own time.
   */
  expiresAt: number;
}

const expired = (record: TokenRecord, now: Date) => record.expiresAt <= now.getTime();

const accessKey = (hash: string) => authKey('access', hash);
const refreshKey = (hash: string) => authKey('refresh', hash);
const rotatedKey = (hash: string) => authKey('refresh-rotated', hash);

type SessionDeps = Pick<AuthDeps, 'clock' | 'secrets' | 'kv' | 'sessions' | 'users' | 'audit'>;

async function issueTokens(d: SessionDeps, sessionId: string, userId: string): Promise<IssuedTokens> {
  const now = d.clock.now();
  const accessToken = d.secrets.token();
  const refreshToken = d.secrets.token();
  const accessExpiresAt = new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000);
  const refreshExpiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  await d.kv.set(accessKey(d.secrets.hash(accessToken)), { sessionId, userId, expiresAt: accessExpiresAt.getTime() } satisfies TokenRecord, { ttlSeconds: ACCESS_TOKEN_TTL_SECONDS });
  await d.kv.set(refreshKey(d.secrets.hash(refreshToken)), { sessionId, userId, expiresAt: refreshExpiresAt.getTime() } satisfies TokenRecord, { ttlSeconds: REFRESH_TOKEN_TTL_SECONDS });
  return { sessionId, accessToken, refreshToken, accessExpiresAt, refreshExpiresAt };
}

/**
 * Starts a fresh session after a successful sign-in: a new id and new tokens every time (no
 * fixation); the caller's previous session, if any, is revoked.
 */
export async function startSession(d: SessionDeps, user: User, method: SignInMethod, client: ClientInfo, previousSessionId?: string | null): Promise<IssuedTokens> {
  const now = d.clock.now();
  if (previousSessionId) await d.sessions.revoke(previousSessionId, 'replaced by a new sign-in', now);
  const sessionId = d.secrets.uuid();
  await d.sessions.create({
    id: sessionId,
    userId: user.id,
    method,
    ip: client.ip,
    userAgent: client.userAgent,
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  return issueTokens(d, sessionId, user.id);
}

export interface Authenticated {
  actor: Actor;
  user: User;
  /** The member's linked methods, read with the session (toAuthUser needs them). */
  methods: SignInMethods;
}

/**
 * The member behind an access token, or null: unknown or expired token, revoked or expired session, inactive user.
 * One key-value read and one repository call (sessionCheck: one PostgreSQL round trip), since every
 * signed-in request pays for it; the use is recorded at most once per SESSION_TOUCH_INTERVAL_SECONDS.
 */
export async function authenticate(d: Pick<AuthDeps, 'clock' | 'secrets' | 'kv' | 'sessionCheck'>, accessToken: string | undefined): Promise<Authenticated | null> {
  if (!accessToken || accessToken.length > 200) return null;
  const record = await d.kv.get<TokenRecord>(accessKey(d.secrets.hash(accessToken)));
  const now = d.clock.now();
  if (!record || expired(record, now)) return null;
  const live = await d.sessionCheck.liveSession(record.sessionId, {
    userId: record.userId,
    now,
    touchIfUsedBefore: new Date(now.getTime() - SESSION_TOUCH_INTERVAL_SECONDS * 1000),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  if (!live) return null;
  const { session, user } = live;
  return {
    user,
    methods: live.methods,
    actor: { userId: user.id, email: user.email, roles: user.roles, sessionId: session.id, signedInAt: session.createdAt, verifiedAt: session.reauthenticatedAt && session.reauthenticatedAt > session.createdAt ? session.reauthenticatedAt : session.createdAt },
  };
}

/** Rotates a refresh token. Presenting an already-rotated token revokes the session it belonged to. */
export async function refreshSession(d: SessionDeps, refreshToken: string | undefined, client: ClientInfo): Promise<IssuedTokens & { user: User }> {
  const fail = async (reason: string, extra: Partial<TokenRecord> = {}) => {
    await d.audit.record({ action: reason === 'reuse' ? 'refresh.reuse_detected' : 'refresh', outcome: 'failure', userId: extra.userId ?? null, sessionId: extra.sessionId ?? null, ip: client.ip, userAgent: client.userAgent, detail: { reason }, at: d.clock.now() });
    return unauthenticated('Your session has expired. Please sign in again.', 'REFRESH_FAILED');
  };
  if (!refreshToken || refreshToken.length > 200) throw await fail('missing');
  const hash = d.secrets.hash(refreshToken);
  const record = await d.kv.take<TokenRecord>(refreshKey(hash));
  const now = d.clock.now();
  if (!record) {
    const rotated = await d.kv.get<TokenRecord>(rotatedKey(hash));
    if (rotated) {
      await d.sessions.revoke(rotated.sessionId, 'refresh token reuse detected', now);
      throw await fail('reuse', rotated);
    }
    throw await fail('unknown');
  }
  if (expired(record, now)) throw await fail('expired', record);
  await d.kv.set(rotatedKey(hash), record, { ttlSeconds: REFRESH_TOKEN_TTL_SECONDS });
  const [session, user] = await Promise.all([d.sessions.byId(record.sessionId), d.users.byId(record.userId)]);
  if (!session || session.revokedAt || session.expiresAt <= now) throw await fail('session ended', record);
  if (!user || !user.isActive) throw await fail('inactive', record);
  await d.sessions.touch(session.id, now, new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000));
  const tokens = await issueTokens(d, session.id, user.id);
  await d.audit.record({ action: 'refresh', outcome: 'success', userId: user.id, sessionId: session.id, ip: client.ip, userAgent: client.userAgent, at: now });
  return { ...tokens, user };
}

/** Ends the session server-side; the access and refresh tokens given are voided at once. */
export async function logout(d: SessionDeps, tokens: { accessToken?: string | undefined; refreshToken?: string | undefined }, actor: Actor | null, client: ClientInfo): Promise<void> {
  const now = d.clock.now();
  let sessionId = actor?.sessionId ?? null;
  if (tokens.refreshToken) {
    const record = await d.kv.take<TokenRecord>(refreshKey(d.secrets.hash(tokens.refreshToken)));
    sessionId ??= record?.sessionId ?? null;
  }
  if (tokens.accessToken) await d.kv.remove(accessKey(d.secrets.hash(tokens.accessToken)));
  if (sessionId) await d.sessions.revoke(sessionId, 'signed out', now);
  await d.audit.record({ action: 'logout', outcome: 'success', userId: actor?.userId ?? null, sessionId, ip: client.ip, userAgent: client.userAgent, at: now });
}
