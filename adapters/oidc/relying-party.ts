/**
 * The OpenID Connect relying party on openid-client 6: one client per `OIDC_<ID>_*` provider.
 *
 * - Discovery is lazy (the first connect), cached once it succeeds and retried when it fails, so
 *   the app starts whether or not a provider answers.
 * - Authorization code flow with PKCE (S256), state and nonce; the token request uses the same
 *   redirect URI. openid-client checks state, `iss`, the code exchange and the ID token's issuer,
 *   audience, expiry and nonce; non-repudiation checks also verify the ID token's signature
 *   against the provider's JWKS.
 * - When the ID token carries no e-mail (providers that conform to the spec put scope claims in
 *   UserInfo only), the claims come from UserInfo, whose `sub` must match the ID token's.
 * - Plain-http issuers (a local test provider) are allowed outside production only.
 */
import * as oidc from 'openid-client';
import type { AuthorizationRequest, AuthorizationResponse, SocialIdentityProviders, SocialProviderInfo } from '../../application/ports/social-identity';
import { isVerifiedClaim, normaliseProviderEmail, socialError, type SocialIdentity } from '../../domain/auth/social';
import { ConfigError, type OidcProviderConfig } from '../config';

export const OIDC_SCOPES = 'openid email profile';
const TIMEOUT_SECONDS = 10;

export interface RelyingPartyOptions {
  /** Allow plain-http issuers (never in production). */
  allowHttpIssuers: boolean;
}

/** Network trouble or a provider answering 5xx: try again later, rather than "you are not who you say". */
function isUnavailable(error: unknown): boolean {
  if (error instanceof TypeError && /fetch failed|network/i.test(error.message)) return true;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return true;
  if (error instanceof oidc.ResponseBodyError) return error.status >= 500;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof Response ? cause.status >= 500 : false;
}

/**
 * Why a check failed, for the audit trail: openid-client's message and those of its causes, and
 * the OAuth error code of a refused token request. Never a token (messages name claims, not values).
 */
export function failureReason(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (e instanceof oidc.ResponseBodyError || e instanceof oidc.AuthorizationResponseError) parts.push([e.error, e.error_description].filter(Boolean).join(': '));
    else parts.push(e.message);
  }
  return parts.filter(Boolean).join(' <- ').slice(0, 300);
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null);

export function createOidcRelyingParty(providers: OidcProviderConfig[], options: RelyingPartyOptions): SocialIdentityProviders {
  for (const p of providers) {
    if (new URL(p.issuer).protocol === 'http:' && !options.allowHttpIssuers) throw new ConfigError(`OIDC_${p.id.toUpperCase()}_ISSUER`, 'must be an https URL when NODE_ENV=production');
  }
  const byId = new Map(providers.map((p) => [p.id, p]));
  const configurations = new Map<string, Promise<oidc.Configuration>>();

  async function discover(p: OidcProviderConfig): Promise<oidc.Configuration> {
    const insecure = new URL(p.issuer).protocol === 'http:';
    const execute = [...(insecure ? [oidc.allowInsecureRequests] : []), oidc.enableNonRepudiationChecks];
    const discovered = await oidc.discovery(new URL(p.issuer), p.clientId, p.clientSecret, undefined, { execute, timeout: TIMEOUT_SECONDS });
    // client_secret_basic is what every provider must support (RFC 6749 §2.3.1) and the metadata default.
    const supported = discovered.serverMetadata().token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const auth = supported.includes('client_secret_basic') ? oidc.ClientSecretBasic(p.clientSecret) : oidc.ClientSecretPost(p.clientSecret);
    const config = new oidc.Configuration(discovered.serverMetadata(), p.clientId, p.clientSecret, auth);
    config.timeout = TIMEOUT_SECONDS;
    for (const apply of execute) apply(config);
    return config;
  }

  function configurationOf(id: string): Promise<oidc.Configuration> {
    const p = byId.get(id);
    if (!p) return Promise.reject(socialError('SOCIAL_PROVIDER_UNKNOWN'));
    let pending = configurations.get(id);
    if (!pending) {
      pending = discover(p).catch((error: unknown) => {
        configurations.delete(id);
        throw socialError('SOCIAL_PROVIDER_UNAVAILABLE', error);
      });
      configurations.set(id, pending);
    }
    return pending;
  }

  const info = (p: OidcProviderConfig): SocialProviderInfo => ({ id: p.id, name: p.name });

  return {
    list: () => providers.map(info),
    find: (id) => {
      const p = byId.get(id);
      return p ? info(p) : null;
    },

    async authorizationUrl(providerId, request: AuthorizationRequest) {
      const config = await configurationOf(providerId);
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        response_type: 'code',
        scope: OIDC_SCOPES,
        state: request.state,
        nonce: request.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },

    async complete(providerId, response: AuthorizationResponse): Promise<SocialIdentity> {
      const config = await configurationOf(providerId);
      // The token request's redirect_uri is this URL without its query: the registered one, exactly.
      const current = new URL(response.redirectUri);
      for (const [name, value] of Object.entries(response.params)) current.searchParams.set(name, value);
      try {
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: response.codeVerifier,
          expectedState: response.state,
          expectedNonce: response.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new Error('no ID token');
        let claims: Record<string, unknown> = idToken;
        if (idToken.email === undefined && config.serverMetadata().userinfo_endpoint) {
          claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)), sub: idToken.sub };
        }
        const email = normaliseProviderEmail(claims.email);
        return {
          subject: idToken.sub,
          email,
          emailVerified: email !== null && isVerifiedClaim(claims.email_verified),
          givenName: text(claims.given_name),
          familyName: text(claims.family_name),
        };
      } catch (error) {
        const reason = new Error(failureReason(error), { cause: error });
        if (error instanceof oidc.AuthorizationResponseError) throw socialError(error.error === 'access_denied' ? 'SOCIAL_ACCESS_DENIED' : 'SOCIAL_SIGN_IN_FAILED', reason);
        throw socialError(isUnavailable(error) ? 'SOCIAL_PROVIDER_UNAVAILABLE' : 'SOCIAL_SIGN_IN_FAILED', reason);
      }
    },
  };
}
