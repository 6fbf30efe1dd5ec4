/**
 * The sign-in use cases' dependencies on the memory adapters, the real crypto and WebAuthn
 * adapters, a test clock and the development mailbox, for unit tests. Hashing is cheap here
 * (argon2id at 256 KiB, one pass); rate limits are generous unless a test asks for a tight one.
 */
import { commonPasswords } from '../../adapters/crypto/common-passwords';
import { createPasswordHasher } from '../../adapters/crypto/password-hasher';
import { nodeSecrets } from '../../adapters/crypto/secrets';
import { createDevMailbox } from '../../adapters/mail/dev-mailbox';
import { memoryAuditLog } from '../../adapters/memory/auth/audit-log';
import { createMemoryKeyValueStore } from '../../adapters/memory/key-value-store';
import { memoryMagicLinks } from '../../adapters/memory/auth/magic-links';
import { memoryPasskeys } from '../../adapters/memory/auth/passkeys';
import { memorySessionCheck, memorySessions } from '../../adapters/memory/auth/sessions';
import { memorySocialAccounts } from '../../adapters/memory/auth/social-accounts';
import { memoryUsers } from '../../adapters/memory/auth/users';
import { createRateLimiter } from '../../adapters/rate-limit/flexible-rate-limiter';
import { uaDeviceNames } from '../../adapters/ua/device-names';
import { createWebAuthnRelyingParty } from '../../adapters/webauthn/relying-party';
import { memoryOutbox } from '../../adapters/memory/outbox';
import { memoryUnitOfWork } from '../../adapters/memory/unit-of-work';
import type { AuthDeps } from '../../application/auth/deps';
import { eventRegistry } from '../../application/ports/outbox';
import { testClock } from './clock';

export const APP_URL = 'https://learn.example.org';

export function authWorld(points: { password?: number; passkey?: number } = {}) {
  const clock = testClock(new Date('2026-06-01T10:00:00Z'));
  const mailbox = createDevMailbox();
  const repos = { users: memoryUsers(), sessions: memorySessions(), passkeys: memoryPasskeys(), socialAccounts: memorySocialAccounts() };
  const magicLinks = memoryMagicLinks();
  const audit = memoryAuditLog();
  const outbox = memoryOutbox({ events: eventRegistry([]), clock });
  const txPorts = { ...repos, magicLinks, audit };
  const d: AuthDeps = {
    clock,
    uow: memoryUnitOfWork(txPorts, { twins: [...Object.values(txPorts), ...outbox.twins], outbox: outbox.writer, processedEvents: outbox.processedEvents }),
    secrets: nodeSecrets,
    kv: createMemoryKeyValueStore(),
    users: repos.users,
    magicLinks,
    sessions: repos.sessions,
    sessionCheck: memorySessionCheck(repos),
    audit,
    mailer: mailbox,
    rateLimiter: createRateLimiter({
      'magic-link': { points: 1000, windowSeconds: 900 },
      'magic-link-ip': { points: 1000, windowSeconds: 900 },
      password: { points: points.password ?? 1000, windowSeconds: 900 },
      'password-ip': { points: points.password ?? 1000, windowSeconds: 900 },
      passkey: { points: points.passkey ?? 1000, windowSeconds: 900 },
      'check-email': { points: 1000, windowSeconds: 600 },
      // resetsAt on the product clock, as the composition root wires it.
    }, undefined, clock),
    passwords: createPasswordHasher({ argon2: { memoryCost: 256, timeCost: 1, parallelism: 1 } }),
    commonPasswords,
    passkeys: repos.passkeys,
    webauthn: createWebAuthnRelyingParty({ appUrl: APP_URL, rpName: 'Objectivism Learning' }),
    socialAccounts: repos.socialAccounts,
    devices: uaDeviceNames,
    socialProviders: {
      list: () => [],
      find: () => null,
      authorizationUrl: async () => Promise.reject(new Error('no social providers in these tests')),
      complete: async () => Promise.reject(new Error('no social providers in these tests')),
    },
    settings: { appUrl: APP_URL, allowedAppOrigins: [APP_URL], magicLinkTtlSeconds: 900, magicLinkPaceSeconds: 60, adminEmails: [], productName: 'Objectivism Learning' },
  };
  return { d, clock, mailbox };
}
