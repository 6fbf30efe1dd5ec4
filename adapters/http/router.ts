/**
 * Every operation of the product, by module. The tRPC router, the REST routes and the OpenAPI
 * document are all derived from this one registry; the routes that are not JSON operations
 * (`rawRoutes`, raw-route.ts) are listed here too. The client imports only `type AppRouter`.
 */
import { flattenOperations } from './operation';
import { accountOperations } from './operations/auth/account';
import { adminUserOperations } from './operations/auth/admin-users';
import { securityOperations } from './operations/auth/security';
import { bookOperations } from './operations/content/books';
import { mediaOperations } from './operations/content/media';
import { creatorOperations } from './operations/content/creators';
import { entitlementOperations, libraryOperations } from './operations/content/library';
import { progressOperations } from './operations/content/progress';
import {
  artifactOperations,
  chapterOperations,
  clipOperations,
  courseOperations,
  discussionOperations,
  essayOperations,
  excerptOperations,
  interviewOperations,
  lectureOperations,
  lessonOperations,
  lexiconTermOperations,
  playlistOperations,
  trackOperations,
} from './operations/content/content-types';
import { authOperations } from './operations/auth/auth';
import { passkeyOperations } from './operations/auth/passkeys';
import { socialOperations, socialRedirectRoutes } from './operations/auth/social';
import { systemOperations } from './operations/ops/system';
import { outboxAdminOperations } from './operations/ops/outbox-admin';
import { buildTrpcRouter } from './trpc';
import { devRawRoutes } from './dev-routes';
import type { RawRoute } from './raw-route';

export const operationRegistry = {
  system: systemOperations,
  auth: authOperations,
  account: accountOperations,
  passkey: passkeyOperations,
  social: socialOperations,
  security: securityOperations,
  adminUsers: adminUserOperations,
  books: bookOperations,
  chapters: chapterOperations,
  essays: essayOperations,
  excerpts: excerptOperations,
  lexiconTerms: lexiconTermOperations,
  courses: courseOperations,
  lessons: lessonOperations,
  playlists: playlistOperations,
  lectures: lectureOperations,
  interviews: interviewOperations,
  clips: clipOperations,
  artifacts: artifactOperations,
  discussions: discussionOperations,
  tracks: trackOperations,
  media: mediaOperations,
  creators: creatorOperations,
  progress: progressOperations,
  library: libraryOperations,
  entitlements: entitlementOperations,
  outboxAdmin: outboxAdminOperations,
};

export const appRouter = buildTrpcRouter(operationRegistry);
export type AppRouter = typeof appRouter;
export const allOperations = flattenOperations(operationRegistry);

/** The routes that are not JSON operations (raw-route.ts): redirects, raw bodies, events, development tools. */
export const rawRoutes: RawRoute[] = [...socialRedirectRoutes, ...devRawRoutes];
