/**
 * Inputs of the sign-in operations, with the spec's messages word for word (spec 000 §5, 002 §5).
 * The same schemas validate the REST routes, the tRPC procedures and the React forms.
 */
import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from '../shared/email';
import { CONTROL_CHARACTERS_MESSAGE, plainText } from '../shared/text';
import { authenticationCredentialSchema } from './passkey-credential';
import { emailField, loginFields } from './sign-in-fields';
import { PREFERRED_METHODS, THEMES, type Theme } from './member';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from './password';

export { MAX_EMAIL_LENGTH };
// The member and the sign-in form are written with zod/mini (the sign-in pages import them from
// these modules directly, docs/architecture.md §6); the server takes them from here as before.
export { emailField, passwordAsTyped, tooManyAttemptsMessage } from './sign-in-fields';
export { authUserSchema, PREFERRED_METHODS, THEMES, type AuthUser, type PreferredMethod, type Theme } from './member';

/**
 * A required single-line string: missing, empty and blank all give the same message
 * (docs/architecture.md §3); a control character gives `controlMessage` (domain/shared/text.ts).
 */
export const requiredString = (message: string, controlMessage = CONTROL_CHARACTERS_MESSAGE) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), plainText(z.string({ error: message }).trim().min(1, message), { message: controlMessage }));

export const AUTH_METHODS = ['PASSWORD', 'PASSKEY', 'SOCIAL', 'MAGIC_LINK'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

export const RATE_LIMIT_ACTIONS = ['magic-link', 'password', 'passkey'] as const;
export const RATE_LIMIT_ACTION_MESSAGE = 'Valid actions: magic-link, password, passkey';

const optionalText = (message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), plainText(z.string({ error: message }).trim().max(2048, message), { message }).optional());

/** basePath: empty or plain path segments such as /learn (never `//`, `..`, a scheme or a query). */
export const BASE_PATH_PATTERN = /^(\/[A-Za-z0-9_-]+)*$/;

export const magicLinkRequestSchema = z.object({
  email: emailField('Invalid email format'),
  redirectUrl: optionalText('Invalid redirect URL format'),
  appUrl: optionalText('Invalid app URL format'),
  basePath: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string({ error: 'Invalid base path' }).trim().regex(BASE_PATH_PATTERN, 'Invalid base path'),
  ),
});
export type MagicLinkRequest = z.output<typeof magicLinkRequestSchema>;

export const TOKEN_REQUIRED_MESSAGE = 'Token is required';
/** Longer than any token the product issues (43 characters): such a token is unknown, never looked up. */
export const MAGIC_LINK_TOKEN_MAX_LENGTH = 200;

/**
 * Any token value reaches the verify use case, trimmed, with '' for a missing or non-text one: it
 * refuses a missing token (TOKEN_REQUIRED_MESSAGE) and an over-long one (reason `unknown`) itself,
 * so those refused sign-in attempts are audited like every other.
 */
export const verifyMagicLinkSchema = z.object({ token: z.preprocess((v) => (typeof v === 'string' ? v.trim() : ''), z.string()) });
export type VerifyMagicLinkInput = z.output<typeof verifyMagicLinkSchema>;

export const refreshSchema = z.object({ refreshToken: plainText(z.string().max(200)).optional() });

export const checkEmailSchema = z.object({ email: emailField('Invalid email format') });

export const rateLimitQuerySchema = z.object({
  action: z.enum(RATE_LIMIT_ACTIONS, { error: RATE_LIMIT_ACTION_MESSAGE }),
  email: z.preprocess((v) => (v === '' ? undefined : v), z.optional(emailField('Invalid email format'))),
});

export const preferencesSchema = z.object({
  theme: z.preprocess((v) => (v === 'auto' ? 'system' : v), z.enum(THEMES, { error: 'Theme must be light, dark or system' })).optional(),
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }).optional(),
  pushNotifications: z.boolean({ error: 'pushNotifications must be true or false' }).optional(),
});
export type PreferencesUpdate = z.output<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES = { theme: 'system' as Theme, emailNotifications: true, pushNotifications: false };

export const FIRST_NAME_CONTROL = 'First name must not contain control characters';
export const LAST_NAME_CONTROL = 'Last name must not contain control characters';

/** Profile update (spec 002 §5): all optional; names at least 1 character; birthYear 1900 to the current year. */
export const profileUpdateSchema = (currentYear: number) =>
  z.object({
    firstName: plainText(z.string().trim().min(1, 'First name is required').max(100, 'First name must be at most 100 characters'), { message: FIRST_NAME_CONTROL }).optional(),
    lastName: plainText(z.string().trim().min(1, 'Last name is required').max(100, 'Last name must be at most 100 characters'), { message: LAST_NAME_CONTROL }).optional(),
    phoneNumber: z.preprocess((v) => (v === '' ? null : v), plainText(z.string().trim().max(32, 'Phone number is too long')).nullable().optional()),
    country: z.preprocess((v) => (v === '' ? null : v), plainText(z.string().trim().max(64)).nullable().optional()),
    language: plainText(z.string().trim().min(2).max(16)).optional(),
    birthYear: z.preprocess(
      (v) => (v === '' ? null : v),
      z
        .number({ error: `Birth year must be a year from 1900 to ${currentYear}` })
        .int(`Birth year must be a year from 1900 to ${currentYear}`)
        .min(1900, `Birth year must be a year from 1900 to ${currentYear}`)
        .max(currentYear, `Birth year must be a year from 1900 to ${currentYear}`)
        .nullable()
        .optional(),
    ),
    marketingOptIn: z.boolean({ error: 'marketingOptIn must be true or false' }).optional(),
    weeklyDigestOptIn: z.boolean({ error: 'weeklyDigestOptIn must be true or false' }).optional(),
  });
export type ProfileUpdate = z.output<ReturnType<typeof profileUpdateSchema>>;

/** Onboarding's profile step (spec 000 §5): names trimmed and required. */
export const onboardingProfileSchema = z.object({
  firstName: requiredString('First name is required', FIRST_NAME_CONTROL),
  lastName: requiredString('Last name is required', LAST_NAME_CONTROL),
});

const newPassword = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z.string({ error: PASSWORD_TOO_SHORT }).min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT).max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
);

export const registerSchema = z.object({
  email: emailField('Invalid email format'),
  password: newPassword,
  firstName: requiredString('First name is required', FIRST_NAME_CONTROL).pipe(z.string().max(100, 'First name must be at most 100 characters')),
  lastName: requiredString('Last name is required', LAST_NAME_CONTROL).pipe(z.string().max(100, 'Last name must be at most 100 characters')),
});

/** The password sign-in (spec 000 §5): the sign-in form's own fields (domain/auth/sign-in-fields.ts) in a classic object. */
export const loginSchema = z.object(loginFields);

export const CURRENT_PASSWORD_WRONG = 'The current password is not correct';

export const setupPasswordSchema = z.object({
  password: newPassword,
  setAsPreferred: z.boolean({ error: 'setAsPreferred must be true or false' }).optional().default(false),
  /** Too long or not text: it cannot be the current password, and is answered as a wrong one. */
  currentPassword: z.string({ error: CURRENT_PASSWORD_WRONG }).max(1024, CURRENT_PASSWORD_WRONG).optional(),
});

export const removeMethodSchema = z.object({
  method: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(AUTH_METHODS, { error: (issue) => (issue.input === undefined ? 'Authentication method is required' : 'Authentication method must be PASSWORD, PASSKEY, SOCIAL or MAGIC_LINK') })),
});

/** Methods turned on by POST /api/auth/methods; the others have their own set-up. */
export const ADDABLE_METHODS = ['MAGIC_LINK'] as const;
export type AddableMethod = (typeof ADDABLE_METHODS)[number];
export const ADD_METHOD_MESSAGE = 'Only MAGIC_LINK can be turned on here: a password, a passkey or a linked account has its own set-up';

export const addMethodSchema = z.object({
  method: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(ADDABLE_METHODS, { error: (issue) => (issue.input === undefined ? 'Authentication method is required' : ADD_METHOD_MESSAGE) })),
});

export const setPreferredMethodSchema = z.object({
  method: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(PREFERRED_METHODS, { error: (issue) => (issue.input === undefined ? 'Authentication method is required' : 'Preferred method must be PASSWORD, PASSKEY or SOCIAL') })),
});

export const reauthenticateSchema = z.object({
  method: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(AUTH_METHODS, { error: (issue) => (issue.input === undefined ? 'Authentication method is required' : 'Authentication method must be PASSWORD, PASSKEY, SOCIAL or MAGIC_LINK') })),
  /** With PASSWORD; one that could never be right is answered like a wrong one. */
  password: z.string({ error: 'Invalid credentials' }).max(1024, 'Invalid credentials').optional(),
  /** With PASSKEY: the assertion answering POST /api/auth/passkey/reauthenticate/options. */
  credential: authenticationCredentialSchema.optional(),
  /** With MAGIC_LINK: where the e-mailed link lands, with the rules of POST /api/auth/magic-link. */
  ...magicLinkRequestSchema.pick({ redirectUrl: true, appUrl: true, basePath: true }).shape,
});
