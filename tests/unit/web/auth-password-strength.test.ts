import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PASSWORD_CRITERIA, passwordStrength } from '../../../domain/auth/password';

describe('the password strength rule (spec 000 §5)', () => {
  it.each([
    ['', 0, 'Very Weak'],
    ['abc', 1, 'Very Weak'],
    ['abcdefgh', 2, 'Weak'],
    ['Abc', 2, 'Weak'],
    ['Abcdefgh', 3, 'Fair'],
    ['abc1!', 3, 'Fair'],
    ['Abcdefg1', 4, 'Good'],
    ['Ab1!', 4, 'Good'],
    ['Abcdef1!', 5, 'Strong'],
  ] as const)('%j scores %i, %s', (password, score, label) => {
    expect(passwordStrength(password)).toMatchObject({ score, label });
  });

  it('gives one point for each criterion, and says which are met', () => {
    expect(passwordStrength('ABCDEFGH').met).toEqual({ length: true, lowercase: false, uppercase: true, digit: false, special: false });
    expect(passwordStrength('1234567').met).toEqual({ length: false, lowercase: false, uppercase: false, digit: true, special: false });
    expect(passwordStrength('        ').met).toEqual({ length: true, lowercase: false, uppercase: false, digit: false, special: true });
    expect(PASSWORD_CRITERIA.map((criterion) => criterion.text)).toEqual([
      'At least 8 characters',
      'A lowercase letter',
      'An uppercase letter',
      'A number',
      'A special character',
    ]);
  });

  it('counts letters of any script as letters, not as special characters', () => {
    expect(passwordStrength('éÉ').met).toMatchObject({ lowercase: true, uppercase: true, special: false });
    expect(passwordStrength('ÅngströM7').score).toBe(4);
  });

  it('counts the length the way the server does (exactly 8 is enough, 7 is not)', () => {
    expect(passwordStrength('aaaaaaa').met.length).toBe(false);
    expect(passwordStrength('aaaaaaaa').met.length).toBe(true);
  });

  it('is always the number of criteria met, with the label of that score', () => {
    const labels = ['Very Weak', 'Very Weak', 'Weak', 'Fair', 'Good', 'Strong'];
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (password) => {
        const strength = passwordStrength(password);
        expect(strength.score).toBe(Object.values(strength.met).filter(Boolean).length);
        expect(strength.label).toBe(labels[strength.score]);
      }),
    );
  });
});
