/**
 * The OpenID Connect relying party (adapters/oidc, on openid-client): builds the authorization
 * request and checks what comes back (state, PKCE, the ID token's issuer, audience, expiry, nonce
 * and signature) before answering who signed in.
 */
import type { SocialIdentity } from '../../domain/auth/social';

export interface SocialProviderInfo {
  id: string;
  /** What the sign-in screen shows ("Google"). */
  name: string;
}

export interface AuthorizationRequest {
  /** Exactly `${APP_URL}/api/auth/connect/{provider}/callback`, as registered at the provider. */
  redirectUri: string;
  state: string;
  nonce: string;
  /** PKCE: the adapter sends its S256 challenge; the verifier goes to the token endpoint. */
  codeVerifier: string;
}

export interface AuthorizationResponse extends AuthorizationRequest {
  /** The query parameters the provider sent the browser back with (code, state, iss, or error). */
  params: Record<string, string>;
}

export interface SocialIdentityProviders {
  list(): SocialProviderInfo[];
  find(id: string): SocialProviderInfo | null;
  /**
   * The provider's authorization URL (authorization code, PKCE S256, state and nonce).
   * Throws SOCIAL_PROVIDER_UNAVAILABLE when the provider's metadata cannot be read.
   */
  authorizationUrl(providerId: string, request: AuthorizationRequest): Promise<string>;
  /**
   * Redeems the code and checks the answer; throws SOCIAL_STATE_MISMATCH, SOCIAL_ACCESS_DENIED,
   * SOCIAL_SIGN_IN_FAILED (any failed check: PKCE, nonce, issuer, audience, signature, expiry) or
   * SOCIAL_PROVIDER_UNAVAILABLE.
   */
  complete(providerId: string, response: AuthorizationResponse): Promise<SocialIdentity>;
}
