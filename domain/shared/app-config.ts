import { z } from 'zod';
import { onboardingConfigSchema } from '../onboarding/config';

/**
 * The client's runtime configuration (spec 002 §3 App config), served at GET /api/config.
 * Only public identifiers belong here: never a secret key, token or session secret.
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
      placesBrowserKey: z.string().nullable(),
      crmPortalId: z.string().nullable(),
      stripePublishableKey: z.string().nullable(),
    }),
    analytics: z.object({
      analyticsId: z.string().nullable(),
      crmPortalId: z.string().nullable(),
    }),
    aiConfig: z.object({
      model: z.string().nullable(),
      maxQueryLength: z.number().int(),
      maxResults: z.number().int(),
    }),
    socialProviders: z.array(z.object({ id: z.string(), name: z.string() })),
    supportEmail: z.string(),
    environment: z.enum(['development', 'test', 'production']),
    /** Which onboarding steps show and may be skipped; absent means the spec's defaults. */
    onboarding: onboardingConfigSchema.optional(),
  }),
});

export type AppConfig = z.infer<typeof appConfigSchema>;
