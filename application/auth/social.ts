/**
 * Social sign-in (issue 4): an OpenID Connect authorization-code flow with PKCE, state and nonce.
 * `beginSocialSignIn` keeps the flow server-side (KeyValueStore, `auth:social-flow:<digest>`, 10
 * minutes) behind an opaque token the transport puts in an httpOnly cookie; `completeSocialSignIn`
 * takes that flow once (atomically), lets the relying party check the provider's answer, and then
 * applies domain/auth/social.ts `decideSocialSignIn`: sign in, link, create, or refuse.
 */
import { requirePermission, requireRecentAuthentication, type Actor } from '../../domain/auth/actor';
import { REAUTHENTICATION_WINDOW_SECONDS } from '../../domain/auth/password';
import { normaliseRoles } from '../../domain/auth/roles';
import { decideSocialSignIn, safeRedirectPath, SOCIAL_FLOW_TTL_SECONDS, socialCallbackPath, socialError, type SocialIdentity, type SocialErrorCode } from '../../domain/auth/social';
import type { User } from '../../domain/auth/user';
import { forbidden, isAppError } from '../../domain/shared/errors';
import { authKey } from '../../domain/storage/rules';
import type { AuthDeps, ClientInfo } from './deps';
import { INACTIVE_MESSAGE } from './magic-link';
import { reclaimUnprovenAccount } from './reclaim';
import { startSession, type IssuedTokens } from './sessions';
import { recordSignIn } from './sign-in';

type SocialDeps = Pick<AuthDeps, 'clock' | 'secrets' | 'kv' | 'users' | 'sessions' | 'audit' | 'settings' | 'socialAccounts' | 'socialProviders' | 'passkeys'>;

/** What is remembered between the redirect to the provider and its callback. Never sent to the browser. */
interface SocialFlow {
  provider: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectPath: string | null;
  /** The member who was signed in when the flow started: the provider account is linked to them. */
  linkUserId: string | null;
  /**
   * When the flow ends, on the product clock (epoch ms). The store's TTL, the same length, runs on
   * the store's own time and only bounds how long the record is kept, as for session tokens.
   */
  expiresAt: number;
}

const flowKey = (d: Pick<SocialDeps, 'secrets'>, flowToken: string) => authKey('social-flow', d.secrets.hash(flowToken));

export const socialRedirectUri = (d: Pick<SocialDeps, 'settings'>, providerId: string) => `${d.settings.appUrl}${socialCallbackPath(providerId)}`;

function providerOf(d: Pick<SocialDeps, 'socialProviders'>, id: string) {
  const provider = d.socialProviders.find(id);
  if (!provider) throw socialError('SOCIAL_PROVIDER_UNKNOWN');
  return provider;
}

/** The configured providers, for the 404 check of the transport. */
export const hasSocialProvider = (d: Pick<SocialDeps, 'socialProviders'>, id: string) => d.socialProviders.find(id) !== null;

export interface StartedSocialFlow {
  authorizationUrl: string;
  /** Goes into the flow cookie; only its digest is stored. */
  flowToken: string;
  ttlSeconds: number;
}

/**
 * Starts a flow; a signed-in caller is linking, anyone else is signing in. Linking adds a lasting
 * way in, so it needs a recent sign-in or re-authentication, as removing one does (the flow is
 * bound to the caller and lives SOCIAL_FLOW_TTL_SECONDS, so the start is where it is checked).
 */
export async function beginSocialSignIn(d: SocialDeps, actor: Actor | null, input: { provider: string; redirect?: string | undefined }): Promise<StartedSocialFlow> {
  const provider = providerOf(d, input.provider);
  if (actor) requireRecentAuthentication(actor, d.clock.now(), REAUTHENTICATION_WINDOW_SECONDS);
  const flow: SocialFlow = {
    provider: provider.id,
    state: d.secrets.token(),
    nonce: d.secrets.token(),
    codeVerifier: d.secrets.token(),
    redirectPath: safeRedirectPath(input.redirect, new URL(d.settings.appUrl).origin),
    linkUserId: actor?.userId ?? null,
    expiresAt: d.clock.now().getTime() + SOCIAL_FLOW_TTL_SECONDS * 1000,
  };
  const authorizationUrl = await d.socialProviders.authorizationUrl(provider.id, { redirectUri: socialRedirectUri(d, provider.id), state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier });
  const flowToken = d.secrets.token();
  await d.kv.set(flowKey(d, flowToken), flow, { ttlSeconds: SOCIAL_FLOW_TTL_SECONDS });
  return { authorizationUrl, flowToken, ttlSeconds: SOCIAL_FLOW_TTL_SECONDS };
}

export type SocialOutcome =
  | { outcome: 'signed_in'; user: User; tokens: IssuedTokens; created: boolean; redirectPath: string | null }
  | { outcome: 'linked'; user: User; redirectPath: string | null };

export interface SocialCallback {
  provider: string;
  /** The flow cookie's value, if the browser sent one. */
  flowToken: string | undefined;
  /** The callback's query parameters. */
  params: Record<string, string>;
  /** The member signed in on this request, if any. */
  actor: Actor | null;
}

/** Finishes a flow: every refusal throws an AppError with one of the SOCIAL_* codes (or ACCOUNT_INACTIVE). */
export async function completeSocialSignIn(d: SocialDeps, input: SocialCallback, client: ClientInfo): Promise<SocialOutcome> {
  const provider = providerOf(d, input.provider);
  const now = d.clock.now();
  const fail = async (code: SocialErrorCode, extra: { userId?: string | null; email?: string | null; reason?: string; cause?: unknown } = {}) => {
    await d.audit.record({
      action: 'sign_in',
      outcome: 'failure',
      method: 'SOCIAL',
      userId: extra.userId ?? null,
      email: extra.email ?? null,
      ip: client.ip,
      userAgent: client.userAgent,
      detail: { provider: provider.id, code, ...(extra.reason ? { reason: extra.reason } : {}) },
      at: now,
    });
    return socialError(code, extra.cause);
  };

  // Taken, not read: a state is good for one callback, whatever that callback's outcome.
  const flow = input.flowToken && input.flowToken.length <= 200 ? await d.kv.take<SocialFlow>(flowKey(d, input.flowToken)) : null;
  if (!flow) throw await fail('SOCIAL_FLOW_EXPIRED', { reason: input.flowToken ? 'no such flow (expired or used)' : 'no flow cookie' });
  // A record without an expiry was stored before flows carried one: its TTL (10 minutes) is its bound.
  if (flow.expiresAt !== undefined && flow.expiresAt <= now.getTime()) throw await fail('SOCIAL_FLOW_EXPIRED', { userId: flow.linkUserId, reason: 'expired' });
  if (flow.provider !== provider.id || input.params.state !== flow.state) throw await fail('SOCIAL_STATE_MISMATCH', { userId: flow.linkUserId });
  if (flow.linkUserId && input.actor && input.actor.userId !== flow.linkUserId) throw await fail('SOCIAL_SESSION_CHANGED', { userId: flow.linkUserId });

  let identity: SocialIdentity;
  try {
    identity = await d.socialProviders.complete(provider.id, { redirectUri: socialRedirectUri(d, provider.id), state: flow.state, nonce: flow.nonce, codeVerifier: flow.codeVerifier, params: input.params });
  } catch (error) {
    const code = (isAppError(error) && error.code.startsWith('SOCIAL_') ? error.code : 'SOCIAL_SIGN_IN_FAILED') as SocialErrorCode;
    const cause = isAppError(error) ? error.cause : error;
    throw await fail(code, { userId: flow.linkUserId, reason: cause instanceof Error ? cause.message.slice(0, 300) : undefined, cause: error });
  }

  const linked = await d.socialAccounts.bySubject(provider.id, identity.subject);
  const accountWithEmail = identity.email && !linked && !flow.linkUserId ? await d.users.byEmail(identity.email) : null;
  const decision = decideSocialSignIn({
    linkingUserId: flow.linkUserId,
    linkedUserId: linked?.userId ?? null,
    email: identity.email,
    emailVerified: identity.emailVerified,
    accountWithEmailId: accountWithEmail?.id ?? null,
  });
  const seen = { email: identity.email, emailVerified: identity.emailVerified, at: now };

  const linkTo = async (user: User) => {
    const result = await d.socialAccounts.link({ id: d.secrets.uuid(), userId: user.id, provider: provider.id, subject: identity.subject, email: identity.email, emailVerified: identity.emailVerified, createdAt: now, lastUsedAt: now });
    // Two callbacks for one provider account racing: the first link wins, the other is refused.
    if (result.account.userId !== user.id) throw await fail('SOCIAL_ACCOUNT_LINKED_ELSEWHERE', { userId: user.id, email: identity.email });
    if (result.created) await d.audit.record({ action: 'social.linked', outcome: 'success', method: 'SOCIAL', userId: user.id, email: identity.email, ip: client.ip, userAgent: client.userAgent, detail: { provider: provider.id, emailVerified: identity.emailVerified }, at: now });
  };

  switch (decision.kind) {
    case 'refuse':
      throw await fail(decision.code, { userId: linked?.userId ?? accountWithEmail?.id ?? flow.linkUserId, email: identity.email });

    case 'link_to_caller':
    case 'already_linked_to_caller': {
      const member = await d.users.byId(flow.linkUserId!);
      if (!member || !member.isActive) throw await inactive(d, member, provider.id, client, now);
      if (decision.kind === 'link_to_caller') await linkTo(member);
      else await d.socialAccounts.recordUse(linked!.id, seen);
      return { outcome: 'linked', user: member, redirectPath: flow.redirectPath };
    }

    case 'sign_in_linked': {
      const member = await d.users.byId(linked!.userId);
      if (!member || !member.isActive) throw await inactive(d, member, provider.id, client, now);
      await d.socialAccounts.recordUse(linked!.id, seen);
      return signIn(d, member, false, provider.id, client, input.actor, flow.redirectPath);
    }

    case 'link_existing_and_sign_in': {
      let member = accountWithEmail!;
      if (!member.isActive) throw await inactive(d, member, provider.id, client, now);
      if (!member.emailVerified) member = (await reclaimUnprovenAccount(d, member, { method: 'SOCIAL', provider: provider.id }, client, now)).user;
      await linkTo(member);
      return signIn(d, member, false, provider.id, client, input.actor, flow.redirectPath);
    }

    case 'create_and_sign_in': {
      const result = await d.users.createOrGet(
        { email: identity.email!, emailVerified: identity.emailVerified, roles: normaliseRoles([]), firstName: identity.givenName, lastName: identity.familyName },
        now,
      );
      let user = result.user;
      const created = result.created;
      if (!created) {
        // Someone made an account with this address since we looked: the existing-account rules apply.
        if (!identity.emailVerified) throw await fail('SOCIAL_EMAIL_UNVERIFIED', { userId: user.id, email: identity.email });
        if (user.isActive && !user.emailVerified) user = (await reclaimUnprovenAccount(d, user, { method: 'SOCIAL', provider: provider.id }, client, now)).user;
      }
      if (!user.isActive) throw await inactive(d, user, provider.id, client, now);
      await linkTo(user);
      return signIn(d, user, created, provider.id, client, input.actor, flow.redirectPath);
    }
  }
}

async function inactive(d: SocialDeps, user: User | null, provider: string, client: ClientInfo, now: Date) {
  await d.audit.record({ action: 'sign_in', outcome: 'failure', method: 'SOCIAL', userId: user?.id ?? null, email: user?.email ?? null, ip: client.ip, userAgent: client.userAgent, detail: { provider, reason: 'inactive' }, at: now });
  return forbidden(INACTIVE_MESSAGE, 'ACCOUNT_INACTIVE');
}

async function signIn(d: SocialDeps, user: User, created: boolean, provider: string, client: ClientInfo, actor: Actor | null, redirectPath: string | null): Promise<SocialOutcome> {
  const now = d.clock.now();
  // ADMIN_EMAILS grants ADMIN only to an address someone has proven, never to a provider's unverified claim.
  const updated = await recordSignIn(d, user, now);
  const tokens = await startSession(d, updated, 'SOCIAL', client, actor?.sessionId ?? null);
  await d.audit.record({ action: 'sign_in', outcome: 'success', method: 'SOCIAL', userId: user.id, email: user.email, sessionId: tokens.sessionId, ip: client.ip, userAgent: client.userAgent, detail: { provider, ...(created ? { created: true } : {}) }, at: now });
  return { outcome: 'signed_in', user: updated, tokens, created, redirectPath };
}

/** The member's linked provider accounts, oldest link first. */
export async function listSocialAccounts(d: Pick<SocialDeps, 'socialAccounts' | 'socialProviders'>, actor: Actor | null) {
  const a = requirePermission(actor, 'profile.manage');
  const accounts = await d.socialAccounts.listForUser(a.userId);
  return accounts.map((s) => ({
    id: s.id,
    provider: s.provider,
    providerName: d.socialProviders.find(s.provider)?.name ?? s.provider,
    email: s.email,
    emailVerified: s.emailVerified,
    linkedAt: s.createdAt,
    lastUsedAt: s.lastUsedAt,
  }));
}
