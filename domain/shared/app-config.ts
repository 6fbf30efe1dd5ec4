import * as z from 'zod/mini';
import { onboardingConfigSchema } from '../onboarding/config';

/**
 * The client's runtime configuration (spec 002 §3 App config), served at GET /api/config.
 * Only public identifiers belong here: never a secret key, token or session secret. Written with
 * `zod/mini`, which the start-up downloads instead of classic zod (docs/architecture.md §6).
 */
export const appConfigSchema = z.object({
  bootstrap: z.object({
    apiGatewayUrl: z.string(),
    basePath: z.string(),
  }),
  dynamic: z.object({
    corsOrigin: z.array(z.string()),
    featureFlags: z.object({
      newAdminUI: z.boolean(),
      aiSearchEnabled: z.boolean(),
    }),
    publicKeys: z.object({
      placesBrowserKey: z.nullable(z.string()),
      crmPortalId: z.nullable(z.string()),
      stripePublishableKey: z.nullable(z.string()),
    }),
    analytics: z.object({
      analyticsId: z.nullable(z.string()),
      crmPortalId: z.nullable(z.string()),
    }),
    aiConfig: z.object({
      model: z.nullable(z.string()),
      maxQueryLength: z.int(),
      maxResults: z.int(),
    }),
    socialProviders: z.array(z.object({ id: z.string(), name: z.string() })),
    supportEmail: z.string(),
    environment: z.enum(['development', 'test', 'production']),
    /** Which onboarding steps show and may be skipped; absent means the spec's defaults. */
    onboarding: z.optional(onboardingConfigSchema),
  }),
});

export type AppConfig = z.infer<typeof appConfigSchema>;
