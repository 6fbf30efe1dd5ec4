import type { AuditLog } from '../ports/audit-log';
import type { Clock } from '../ports/clock';
import type { DeviceNames } from '../ports/devices';
import type { KeyValueStore } from '../ports/key-value-store';
import type { MagicLinkRepository } from '../ports/magic-links';
import type { PasskeyRepository, WebAuthnRelyingParty } from '../ports/passkeys';
import type { CommonPasswords, PasswordHasher } from '../ports/passwords';
import type { Mailer } from '../ports/mailer';
import type { RateLimiter } from '../ports/rate-limiter';
import type { Secrets } from '../ports/secrets';
import type { SessionCheck, SessionRepository } from '../ports/sessions';
import type { SocialAccountRepository } from '../ports/social-accounts';
import type { SocialIdentityProviders } from '../ports/social-identity';
import type { UnitOfWork } from '../ports/unit-of-work';
import type { UserRepository } from '../ports/users';

export interface AuthSettings {
  appUrl: string;
  /** Origins a magic link may be built on: APP_URL's and CORS_ORIGINS. */
  allowedAppOrigins: string[];
  magicLinkTtlSeconds: number;
  /**
   * The least time between two mails to one address when different networks ask for them
   * (MAGIC_LINK_PACE_SECONDS): requests from another network in between are answered the same,
   * without a mail (domain/auth/README.md "Magic links").
   */
  magicLinkPaceSeconds: number;
  /** Lower-case addresses granted ADMIN at sign-in. */
  adminEmails: string[];
  productName: string;
}

/**
 * The repositories a sign-in writes in one transaction (application/ports/unit-of-work.ts): a link
 * is consumed only together with the member it signs in and the session it starts.
 */
export interface AuthTxPorts {
  users: UserRepository;
  magicLinks: MagicLinkRepository;
  sessions: SessionRepository;
  passkeys: PasskeyRepository;
  socialAccounts: SocialAccountRepository;
  audit: AuditLog;
}

export interface AuthDeps {
  clock: Clock;
  /** The sign-in's writes in one transaction; inside `run`, use only its `tx`. */
  uow: UnitOfWork<AuthTxPorts>;
  secrets: Secrets;
  kv: KeyValueStore;
  users: UserRepository;
  magicLinks: MagicLinkRepository;
  sessions: SessionRepository;
  /** The hot-path session check (one round trip); `sessions` for everything else. */
  sessionCheck: SessionCheck;
  audit: AuditLog;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  passwords: PasswordHasher;
  commonPasswords: CommonPasswords;
  passkeys: PasskeyRepository;
  webauthn: WebAuthnRelyingParty;
  socialAccounts: SocialAccountRepository;
  /** Plain names of the devices in the security timeline ('Chrome on macOS'). */
  devices: DeviceNames;
  /** The OpenID Connect providers of OIDC_* (adapters/oidc). */
  socialProviders: SocialIdentityProviders;
  settings: AuthSettings;
}

/** Who is calling (application/shared/client-info.ts): every module's use cases take it. */
export type { ClientInfo } from '../shared/client-info';
