/**
 * The password and sign-in-method inputs (spec 000 §5, 002 §5): every rule with its exact message,
 * and the property that any password of 8 to 1024 characters that is not a common one is accepted
 * exactly as typed (never trimmed, no composition rules).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { commonPasswords } from '../../adapters/crypto/common-passwords';
import { addMethodSchema, loginSchema, reauthenticateSchema, registerSchema, removeMethodSchema, setupPasswordSchema } from '../../domain/auth/schemas';

/** The first message of a refused input, or the parsed value. */
function outcome(schema: z.ZodType, input: unknown): { message: string; path: string } | { data: unknown } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { message: issue.message, path: issue.path.join('.') };
}

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = outcome(schema, input);
  return 'message' in result ? result : null;
};

const STRONG = 'Galt-Gulch-Motor-1957';
const register = { email: 'dagny@taggart.example', password: STRONG, firstName: 'Dagny', lastName: 'Taggart' };

describe('registerSchema', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ['a missing address', { email: undefined }, 'email', 'Invalid email format'],
    ['a null address', { email: null }, 'email', 'Invalid email format'],
    ['an empty address', { email: '' }, 'email', 'Invalid email format'],
    ['a blank address', { email: '   ' }, 'email', 'Invalid email format'],
    ['an address without an at sign', { email: 'dagny.taggart.example' }, 'email', 'Invalid email format'],
    ['an address without a dot after the at sign', { email: 'dagny@taggart' }, 'email', 'Invalid email format'],
    ['an address with a space', { email: 'dagny taggart@example.org' }, 'email', 'Invalid email format'],
    ['an address longer than 254 characters', { email: `${'a'.repeat(250)}@example.org` }, 'email', 'Invalid email format'],
    ['an address that is not text', { email: 42 }, 'email', 'Invalid email format'],
    ['a missing password', { password: undefined }, 'password', 'Password must be at least 8 characters'],
    ['an empty password', { password: '' }, 'password', 'Password must be at least 8 characters'],
    ['a password of 7 characters', { password: 'Abc-123' }, 'password', 'Password must be at least 8 characters'],
    ['a password that is not text', { password: 12345678 }, 'password', 'Password must be at least 8 characters'],
    ['a password of 1025 characters', { password: 'x'.repeat(1025) }, 'password', 'Password must be at most 1024 characters'],
    ['a missing first name', { firstName: undefined }, 'firstName', 'First name is required'],
    ['an empty first name', { firstName: '' }, 'firstName', 'First name is required'],
    ['a blank first name', { firstName: ' \t ' }, 'firstName', 'First name is required'],
    ['a first name of 101 characters', { firstName: 'D'.repeat(101) }, 'firstName', 'First name must be at most 100 characters'],
    ['a missing last name', { lastName: undefined }, 'lastName', 'Last name is required'],
    ['a blank last name', { lastName: '   ' }, 'lastName', 'Last name is required'],
    ['a last name of 101 characters', { lastName: 'T'.repeat(101) }, 'lastName', 'Last name must be at most 100 characters'],
  ])('refuses %s', (_what, change, path, message) => {
    expect(messageOf(registerSchema, { ...register, ...change })).toEqual({ path, message });
  });

  it('lower-cases and trims the address and trims the names, but keeps the password as typed', () => {
    expect(outcome(registerSchema, { email: '  Dagny@Taggart.Example ', password: ' 8 chars ', firstName: ' Dagny ', lastName: ' Taggart ' })).toEqual({
      data: { email: 'dagny@taggart.example', password: ' 8 chars ', firstName: 'Dagny', lastName: 'Taggart' },
    });
  });

  it('accepts the bounds: 8 and 1024 characters, names of 100', () => {
    expect(messageOf(registerSchema, { ...register, password: '12345678' })).toBeNull();
    expect(messageOf(registerSchema, { ...register, password: 'x'.repeat(1024) })).toBeNull();
    expect(messageOf(registerSchema, { ...register, firstName: 'D'.repeat(100), lastName: 'T'.repeat(100) })).toBeNull();
  });

  it('gives every message at once, one per field, in field order', () => {
    const parsed = registerSchema.safeParse({});
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['email', 'Invalid email format'],
      ['password', 'Password must be at least 8 characters'],
      ['firstName', 'First name is required'],
      ['lastName', 'Last name is required'],
    ]);
  });
});

describe('loginSchema', () => {
  const login = { email: 'dagny@taggart.example', password: 'anything' };
  it.each<[string, Record<string, unknown>, string, string]>([
    ['a missing address', { email: undefined }, 'email', 'Invalid email format'],
    ['a malformed address', { email: 'dagny@taggart' }, 'email', 'Invalid email format'],
    ['a missing password', { password: undefined }, 'password', 'Password is required'],
    ['a null password', { password: null }, 'password', 'Password is required'],
    ['an empty password', { password: '' }, 'password', 'Password is required'],
    ['a password that is not text', { password: 1234 }, 'password', 'Password is required'],
    // No stored password is this long, so it is answered like a wrong one.
    ['a password of 1025 characters', { password: 'x'.repeat(1025) }, 'password', 'Invalid credentials'],
  ])('refuses %s', (_what, change, path, message) => {
    expect(messageOf(loginSchema, { ...login, ...change })).toEqual({ path, message });
  });

  it('takes any password of one character or more as typed, short ones and spaces included', () => {
    expect(outcome(loginSchema, { email: 'Dagny@Taggart.Example', password: ' ' })).toEqual({ data: { email: 'dagny@taggart.example', password: ' ' } });
    expect(outcome(loginSchema, { ...login, password: 'x'.repeat(1024) })).toEqual({ data: { ...login, password: 'x'.repeat(1024) } });
  });
});

describe('setupPasswordSchema', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ['a missing password', {}, 'password', 'Password must be at least 8 characters'],
    ['a password of 7 characters', { password: 'Abc-123' }, 'password', 'Password must be at least 8 characters'],
    ['a password of 1025 characters', { password: 'x'.repeat(1025) }, 'password', 'Password must be at most 1024 characters'],
    ['a setAsPreferred that is not a boolean', { password: STRONG, setAsPreferred: 'yes' }, 'setAsPreferred', 'setAsPreferred must be true or false'],
    ['a current password that is not text', { password: STRONG, currentPassword: 42 }, 'currentPassword', 'The current password is not correct'],
    ['a current password of 1025 characters', { password: STRONG, currentPassword: 'x'.repeat(1025) }, 'currentPassword', 'The current password is not correct'],
  ])('refuses %s', (_what, input, path, message) => {
    expect(messageOf(setupPasswordSchema, input)).toEqual({ path, message });
  });

  it('defaults setAsPreferred to false and keeps both passwords as typed', () => {
    expect(outcome(setupPasswordSchema, { password: ` ${STRONG} ` })).toEqual({ data: { password: ` ${STRONG} `, setAsPreferred: false } });
    expect(outcome(setupPasswordSchema, { password: STRONG, setAsPreferred: true, currentPassword: ' old ' })).toEqual({ data: { password: STRONG, setAsPreferred: true, currentPassword: ' old ' } });
  });
});

describe('removeMethodSchema', () => {
  it.each([undefined, null, ''])('refuses a method of %j with the spec message', (method) => {
    expect(messageOf(removeMethodSchema, { method })).toEqual({ path: 'method', message: 'Authentication method is required' });
  });

  it.each(['SMS', 'password', 42])('refuses an unknown method %j', (method) => {
    expect(messageOf(removeMethodSchema, { method })).toEqual({ path: 'method', message: 'Authentication method must be PASSWORD, PASSKEY, SOCIAL or MAGIC_LINK' });
  });

  it.each(['PASSWORD', 'PASSKEY', 'SOCIAL', 'MAGIC_LINK'])('accepts %s', (method) => {
    expect(outcome(removeMethodSchema, { method })).toEqual({ data: { method } });
  });
});

describe('addMethodSchema', () => {
  it('turns on MAGIC_LINK only', () => {
    expect(outcome(addMethodSchema, { method: 'MAGIC_LINK' })).toEqual({ data: { method: 'MAGIC_LINK' } });
    expect(messageOf(addMethodSchema, {})).toEqual({ path: 'method', message: 'Authentication method is required' });
    for (const method of ['PASSWORD', 'PASSKEY', 'SOCIAL', 'SMS']) {
      expect(messageOf(addMethodSchema, { method })).toEqual({ path: 'method', message: 'Only MAGIC_LINK can be turned on here: a password, a passkey or a linked account has its own set-up' });
    }
  });
});

describe('reauthenticateSchema', () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ['a missing method', {}, 'method', 'Authentication method is required'],
    ['an empty method', { method: '' }, 'method', 'Authentication method is required'],
    ['an unknown method', { method: 'SMS' }, 'method', 'Authentication method must be PASSWORD, PASSKEY, SOCIAL or MAGIC_LINK'],
    ['a password that is not text', { method: 'PASSWORD', password: 1 }, 'password', 'Invalid credentials'],
    ['a password of 1025 characters', { method: 'PASSWORD', password: 'x'.repeat(1025) }, 'password', 'Invalid credentials'],
    ['a base path that leaves the app', { method: 'MAGIC_LINK', basePath: '../admin' }, 'basePath', 'Invalid base path'],
  ])('refuses %s', (_what, input, path, message) => {
    expect(messageOf(reauthenticateSchema, input)).toEqual({ path, message });
  });

  it('keeps the password as typed and the link fields of a MAGIC_LINK re-authentication', () => {
    expect(outcome(reauthenticateSchema, { method: 'PASSWORD', password: ' pass word ' })).toEqual({ data: { method: 'PASSWORD', password: ' pass word ', basePath: '' } });
    expect(outcome(reauthenticateSchema, { method: 'MAGIC_LINK', redirectUrl: '/profile/security', basePath: '/learn' })).toEqual({
      data: { method: 'MAGIC_LINK', redirectUrl: '/profile/security', basePath: '/learn' },
    });
  });
});

describe('passwords are accepted as typed', () => {
  const padding = fc.constantFrom('', ' ', '  ', '\t', '\u00a0');
  const password = fc
    .tuple(padding, fc.string({ unit: 'binary', minLength: 8, maxLength: 1024 }), padding)
    .map(([before, body, after]) => before + body + after)
    .filter((p) => p.length >= 8 && p.length <= 1024 && !commonPasswords.isCommon(p));

  it('any non-common password of 8 to 1024 characters, for register, setup and login alike', () => {
    fc.assert(
      fc.property(password, (typed) => {
        expect(outcome(registerSchema, { ...register, password: typed })).toEqual({ data: { ...register, password: typed } });
        expect(outcome(setupPasswordSchema, { password: typed })).toEqual({ data: { password: typed, setAsPreferred: false } });
        expect(outcome(loginSchema, { email: register.email, password: typed })).toEqual({ data: { email: register.email, password: typed } });
      }),
      { numRuns: 300 },
    );
  });

  it('refuses the common ones whatever their case', () => {
    for (const common of ['password1', 'Password1', 'QWERTYUIOP', 'iloveyou', 'trustno1']) expect(commonPasswords.isCommon(common)).toBe(true);
    expect(commonPasswords.isCommon(STRONG)).toBe(false);
  });
});
