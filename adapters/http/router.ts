/**
 * Every operation of the product, by module. The tRPC router, the REST routes and the OpenAPI
 * document are all derived from this one registry; the routes that are not JSON operations
 * (`rawRoutes`, raw-route.ts) are listed here too. The client imports only `type AppRouter`.
 */
import { flattenOperations } from './operation';
import { accountOperations } from './operations/account';
import { adminUserOperations } from './operations/admin-users';
import { securityOperations } from './operations/security';
import { bookOperations } from './operations/books';
import { mediaOperations } from './operations/media';
import { creatorOperations } from './operations/creators';
import { entitlementOperations, libraryOperations } from './operations/library';
import { progressOperations } from './operations/progress';
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
} from './operations/content-types';
import { authOperations } from './operations/auth';
import { passkeyOperations } from './operations/passkeys';
import { socialOperations, socialRedirectRoutes } from './operations/social';
import { systemOperations } from './operations/system';
import { outboxAdminOperations } from './operations/outbox-admin';
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
