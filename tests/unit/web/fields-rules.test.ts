import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateError, formatHint, formatIsoDay, parseDateText } from '../../../web/src/ui/fields/rules/date';
import { emailError } from '../../../web/src/ui/fields/rules/email';
import {
  checkFileSelection,
  fileError,
  formatFileSize,
  isAcceptedType,
  readImageFile,
  toFileEntry,
} from '../../../web/src/ui/fields/rules/files';
import { isAcceptedNumberText, numberToText, parseNumberText } from '../../../web/src/ui/fields/rules/number';
import { filterOptions, groupOptions, moveActiveIndex, toggleValue, type SelectOption } from '../../../web/src/ui/fields/rules/options';
import { deleteOtpDigit, enterOtpText, isCompleteOtp, otpDigits } from '../../../web/src/ui/fields/rules/otp';
import { formatPhone, phoneError, toE164 } from '../../../web/src/ui/fields/rules/phone';
import { isFilled, requiredMessage } from '../../../web/src/ui/fields/rules/required';
import { addTag, removeLastTag, removeTag, tagId } from '../../../web/src/ui/fields/rules/tags';
import { characterCount, remainingText } from '../../../web/src/ui/fields/rules/text-length';
import { urlError, withDefaultProtocol } from '../../../web/src/ui/fields/rules/url';

describe('email rule', () => {
  it('accepts text, at sign, text, dot, text', () => {
    expect(emailError('ada@example.org')).toBeNull();
    expect(emailError('  ada@example.org ')).toBeNull();
  });

  it.each(['ada', 'ada@example', '@example.org', 'ada@.org.', 'a da@example.org'])('refuses %s with the spec message', (value) => {
    expect(emailError(value)).toBe('Please enter a valid email address.');
  });

  it('leaves an empty value to the required rule', () => {
    expect(emailError('')).toBeNull();
  });
});

describe('number rule', () => {
  it('accepts partial and whole numbers by default', () => {
    for (const text of ['', '-', '1', '-1', '1.', '.5', '-0.25', '12.345']) expect(isAcceptedNumberText(text)).toBe(true);
  });

  it('refuses letters, a second point and a minus not in front', () => {
    for (const text of ['1a', '1.2.3', '1-', '--1', 'e5', '1e5', ' 1']) expect(isAcceptedNumberText(text)).toBe(false);
  });

  it('can block negatives', () => {
    expect(isAcceptedNumberText('-1', { allowNegative: false })).toBe(false);
    expect(isAcceptedNumberText('-', { allowNegative: false })).toBe(false);
    expect(isAcceptedNumberText('1', { allowNegative: false })).toBe(true);
  });

  it('can block decimals', () => {
    expect(isAcceptedNumberText('1.', { allowDecimals: false })).toBe(false);
    expect(isAcceptedNumberText('1.5', { allowDecimals: false })).toBe(false);
    expect(isAcceptedNumberText('15', { allowDecimals: false })).toBe(true);
  });

  it('can limit the decimal places', () => {
    expect(isAcceptedNumberText('1.25', { maxDecimalPlaces: 2 })).toBe(true);
    expect(isAcceptedNumberText('1.255', { maxDecimalPlaces: 2 })).toBe(false);
    expect(isAcceptedNumberText('1.', { maxDecimalPlaces: 0 })).toBe(false);
  });

  it('parses whole texts and leaves partial ones empty', () => {
    expect(parseNumberText('-0.25')).toBe(-0.25);
    expect(parseNumberText('1.')).toBe(1);
    expect(parseNumberText('-')).toBeNull();
    expect(parseNumberText('')).toBeNull();
    expect(numberToText(null)).toBe('');
    expect(numberToText(3.5)).toBe('3.5');
  });

  it('never accepts a text that breaks the rules it was given (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('-', '.', '1', '2', 'x') , maxLength: 8 }), fc.nat(3), (text, places) => {
        if (!isAcceptedNumberText(text, { allowNegative: false, maxDecimalPlaces: places })) return;
        expect(text).not.toContain('-');
        expect(text).not.toContain('x');
        expect((text.split('.')[1] ?? '').length).toBeLessThanOrEqual(places);
      }),
    );
  });
});

describe('phone rule', () => {
  it('validates by country, US by default', () => {
    expect(phoneError('(201) 555-0123')).toBeNull();
    expect(phoneError('020 7946 0958')).toBe('Invalid phone number format');
    expect(phoneError('020 7946 0958', { defaultCountry: 'GB' })).toBeNull();
    expect(phoneError('+44 20 7946 0958')).toBeNull();
  });

  it('refuses numbers that are not valid', () => {
    expect(phoneError('123')).toBe('Invalid phone number format');
    expect(phoneError('(201) 555-012')).toBe('Invalid phone number format');
    expect(phoneError('phone')).toBe('Invalid phone number format');
  });

  it('can accept only US and Canadian numbers', () => {
    expect(phoneError('(201) 555-0123', { usCanadaOnly: true })).toBeNull();
    expect(phoneError('416-555-0199', { usCanadaOnly: true })).toBeNull();
    expect(phoneError('+44 20 7946 0958', { usCanadaOnly: true })).toBe('Only US and Canadian phone numbers are accepted at this time');
    // +1 is shared by other countries: Jamaica is not accepted.
    expect(phoneError('+1 876 555 1234', { usCanadaOnly: true })).toBe('Only US and Canadian phone numbers are accepted at this time');
  });

  it('leaves an empty value to the required rule, and formats valid numbers internationally', () => {
    expect(phoneError('  ')).toBeNull();
    expect(formatPhone('2015550123')).toBe('+1 201 555 0123');
    expect(formatPhone('12')).toBe('12');
    expect(toE164('(201) 555-0123')).toBe('+12015550123');
    expect(toE164('12')).toBeNull();
  });
});

describe('url rule', () => {
  it('accepts http and https addresses by default', () => {
    expect(urlError('https://example.org/path?q=1')).toBeNull();
    expect(urlError('http://localhost:3000')).toBeNull();
  });

  it.each(['ftp://example.org', 'example.org', 'https://', 'https://example', 'javascript:alert(1)', 'https://exa mple.org'])(
    'refuses %s with the spec message',
    (value) => expect(urlError(value)).toBe('Please enter a valid URL'),
  );

  it('accepts the protocols it is given', () => {
    expect(urlError('ftp://example.org', ['ftp'])).toBeNull();
    expect(urlError('https://example.org', ['ftp'])).toBe('Please enter a valid URL');
  });

  it('adds https:// when no protocol is typed, and only then', () => {
    expect(withDefaultProtocol('example.org')).toBe('https://example.org');
    expect(withDefaultProtocol(' example.org/a ')).toBe('https://example.org/a');
    expect(withDefaultProtocol('localhost:3000')).toBe('https://localhost:3000');
    expect(withDefaultProtocol('http://example.org')).toBe('http://example.org');
    expect(withDefaultProtocol('')).toBe('');
  });
});

describe('select options', () => {
  const options: SelectOption[] = [
    { value: 'a', label: 'Atlas Shrugged', group: 'Novels' },
    { value: 'b', label: 'Anthem', group: 'Novels', disabled: true },
    { value: 'c', label: 'The Virtue of Selfishness', group: 'Essays', description: 'Ethics' },
    { value: 'd', label: 'Other' },
  ];

  it('groups options in order of first appearance, ungrouped first', () => {
    expect(groupOptions(options).map((g) => [g.group, g.options.map((o) => o.value)])).toEqual([
      [null, ['d']],
      ['Novels', ['a', 'b']],
      ['Essays', ['c']],
    ]);
  });

  it('filters by label, description or group, ignoring case', () => {
    expect(filterOptions(options, 'ATLAS').map((o) => o.value)).toEqual(['a']);
    expect(filterOptions(options, 'ethics').map((o) => o.value)).toEqual(['c']);
    expect(filterOptions(options, 'novels').map((o) => o.value)).toEqual(['a', 'b']);
    expect(filterOptions(options, ' ')).toHaveLength(4);
  });

  it('moves the active option past disabled ones and stops at the ends', () => {
    expect(moveActiveIndex(options, -1, 1)).toBe(0);
    expect(moveActiveIndex(options, 0, 1)).toBe(2);
    expect(moveActiveIndex(options, 2, -1)).toBe(0);
    expect(moveActiveIndex(options, 3, 1)).toBe(3);
    expect(moveActiveIndex([{ value: 'x', label: 'X', disabled: true }], -1, 1)).toBe(-1);
  });

  it('toggles multiselect values', () => {
    expect(toggleValue(['a'], 'c')).toEqual(['a', 'c']);
    expect(toggleValue(['a', 'c'], 'a')).toEqual(['c']);
  });
});

describe('tag rule', () => {
  it('adds a trimmed tag whose id is its lower-case label', () => {
    expect(addTag([], '  Ayn Rand ')).toEqual([{ id: 'ayn rand', label: 'Ayn Rand', variant: 'default' }]);
    expect(tagId(' Ethics ')).toBe('ethics');
  });

  it('ignores blank text and duplicates by lower-case id', () => {
    const tags = addTag([], 'Ethics', 'primary');
    expect(addTag(tags, '   ')).toEqual(tags);
    expect(addTag(tags, 'ETHICS')).toEqual(tags);
    expect(addTag([{ id: 'Ethics', label: 'Ethics' }], 'ethics')).toHaveLength(1);
  });

  it('keeps the variant it is given', () => {
    expect(addTag([], 'Done', 'success')[0]?.variant).toBe('success');
  });

  it('never holds two tags with the same lower-case id, nor a blank or untrimmed one (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', 'A', 'b', ' '), maxLength: 4 }), { maxLength: 20 }), (texts) => {
        const tags = texts.reduce((list, text) => addTag(list, text), addTag([], 'seed'));
        const ids = tags.map((t) => t.id.toLowerCase());
        expect(new Set(ids).size).toBe(ids.length);
        for (const tag of tags) {
          expect(tag.label).toBe(tag.label.trim());
          expect(tag.label).not.toBe('');
          expect(tag.id).toBe(tag.label.toLowerCase());
        }
      }),
    );
  });

  it('removes a tag by id, and the last tag', () => {
    const tags = addTag(addTag([], 'a'), 'b');
    expect(removeTag(tags, 'a').map((t) => t.id)).toEqual(['b']);
    expect(removeLastTag(tags).map((t) => t.id)).toEqual(['a']);
    expect(removeLastTag([])).toEqual([]);
  });
});

describe('text length rule', () => {
  it('counts characters against the maximum', () => {
    expect(characterCount('hello', 10)).toEqual({ count: 5, max: 10, remaining: 5, text: '5/10' });
    expect(remainingText(characterCount('hello', 6))).toBe('1 character remaining');
    expect(remainingText(characterCount('hello', 10))).toBe('5 characters remaining');
  });
});

describe('date rule', () => {
  it('reads MM/dd/yyyy by default into an ISO day', () => {
    expect(parseDateText('03/01/2025')).toBe('2025-03-01');
    expect(formatIsoDay('2025-03-01')).toBe('03/01/2025');
    expect(formatHint()).toBe('MM/DD/YYYY');
  });

  it('refuses texts that are not a real day in the format', () => {
    expect(parseDateText('02/30/2025')).toBeNull();
    expect(parseDateText('3/1/2025')).toBeNull();
    expect(parseDateText('2025-03-01')).toBeNull();
    expect(dateError('13/01/2025')).toBe('Please enter a valid date (MM/DD/YYYY)');
    expect(dateError('')).toBeNull();
  });

  it('uses another format when given one', () => {
    expect(parseDateText('01.03.2025', 'dd.MM.yyyy')).toBe('2025-03-01');
    expect(formatIsoDay('2025-03-01', 'dd.MM.yyyy')).toBe('01.03.2025');
    expect(dateError('03/01/2025', 'dd.MM.yyyy')).toBe('Please enter a valid date (DD.MM.YYYY)');
    expect(formatIsoDay('nonsense')).toBe('');
  });
});

describe('one-time code rule', () => {
  it('keeps digits only, 6 by default', () => {
    expect(otpDigits('12a3 45-678')).toBe('123456');
    expect(otpDigits('1234', 3)).toBe('123');
  });

  it('fills from the box typed in, and never leaves a gap', () => {
    expect(enterOtpText('', 0, '1')).toEqual({ code: '1', focus: 1 });
    expect(enterOtpText('12', 5, '3')).toEqual({ code: '123', focus: 3 });
    expect(enterOtpText('123', 1, '9')).toEqual({ code: '193', focus: 2 });
    expect(enterOtpText('1', 1, 'x')).toEqual({ code: '1', focus: 1 });
  });

  it('takes a pasted code across the boxes', () => {
    expect(enterOtpText('', 0, '123 456')).toEqual({ code: '123456', focus: 5 });
    expect(enterOtpText('9', 1, '12345678')).toEqual({ code: '912345', focus: 5 });
  });

  it('deletes the digit in the box, or the one before an empty box', () => {
    expect(deleteOtpDigit('123', 1)).toEqual({ code: '13', focus: 1 });
    expect(deleteOtpDigit('123', 3)).toEqual({ code: '12', focus: 2 });
    expect(deleteOtpDigit('', 0)).toEqual({ code: '', focus: 0 });
  });

  it('always holds digits only, never more than the length, whatever is typed or pasted where (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(7), fc.string({ maxLength: 8 }), fc.boolean()), { maxLength: 30 }),
        (moves) => {
          let code = '';
          for (const [index, text, erase] of moves) {
            code = erase ? deleteOtpDigit(code, index).code : enterOtpText(code, index, text).code;
            expect(code).toMatch(/^\d{0,6}$/);
          }
        },
      ),
    );
  });

  it('is complete when all boxes hold digits', () => {
    expect(isCompleteOtp('123456')).toBe(true);
    expect(isCompleteOtp('12345')).toBe(false);
    expect(isCompleteOtp('1234', 4)).toBe(true);
  });
});

describe('file rules', () => {
  const file = (name: string, type: string, size: number) => ({ name, type, size });

  it('formats sizes in powers of 1024', () => {
    expect(formatFileSize(10485760)).toBe('10 MB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(500)).toBe('500 Bytes');
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(12_345_678)).toBe('11.77 MB');
  });

  it('accepts by MIME type, wildcard or extension, and anything without a list', () => {
    expect(isAcceptedType(file('a.pdf', 'application/pdf', 1), ['application/pdf'])).toBe(true);
    expect(isAcceptedType(file('a.png', 'image/png', 1), ['image/*'])).toBe(true);
    expect(isAcceptedType(file('A.DOCX', '', 1), ['.docx'])).toBe(true);
    expect(isAcceptedType(file('a.exe', 'application/x-msdownload', 1), ['image/*', '.pdf'])).toBe(false);
    expect(isAcceptedType(file('a.exe', 'application/x-msdownload', 1))).toBe(true);
  });

  it('refuses a type not accepted with the spec message', () => {
    expect(fileError(file('a.exe', 'application/x-msdownload', 1), { accept: ['image/*'] })).toBe(
      'File type "application/x-msdownload" is not accepted',
    );
    expect(fileError(file('notes.xyz', '', 1), { accept: ['image/*'] })).toBe('File type ".xyz" is not accepted');
  });

  it('refuses a file above the maximum size, 10485760 bytes by default', () => {
    expect(fileError(file('a.png', 'image/png', 10485760))).toBeNull();
    expect(fileError(file('a.png', 'image/png', 10485761))).toBe('File size (10 MB) exceeds maximum allowed size (10 MB)');
    expect(fileError(file('a.png', 'image/png', 3 * 1024 * 1024), { maxSize: 2 * 1024 * 1024 })).toBe(
      'File size (3 MB) exceeds maximum allowed size (2 MB)',
    );
  });

  it('allows one file by default and refuses more with the spec message', () => {
    const two = [file('a.png', 'image/png', 1), file('b.png', 'image/png', 1)];
    expect(checkFileSelection(two)).toEqual({ accepted: [], errors: ['Maximum 1 files allowed. You selected 2 files.'] });
    expect(checkFileSelection([two[0]!], {}, 1)).toEqual({ accepted: [two[0]], errors: [] });
  });

  it('counts the files already chosen against a larger maximum', () => {
    const two = [file('a.png', 'image/png', 1), file('b.png', 'image/png', 1)];
    expect(checkFileSelection(two, { maxFiles: 3 }, 2).errors).toEqual(['Maximum 3 files allowed. You selected 4 files.']);
    expect(checkFileSelection(two, { maxFiles: 3 }, 1).accepted).toHaveLength(2);
  });

  it('keeps the good files of a selection and names each refused one', () => {
    const result = checkFileSelection([file('a.png', 'image/png', 1), file('b.exe', 'application/x-msdownload', 1)], { maxFiles: 5, accept: ['image/*'] });
    expect(result.accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(result.errors).toEqual(['File type "application/x-msdownload" is not accepted']);
  });

  it('makes a file entry of name, size, type and lastModified, keeping the File for the upload', () => {
    const real = new File(['abc'], 'a.txt', { type: 'text/plain', lastModified: 1_700_000_000_000 });
    const entry = toFileEntry(real);
    expect(entry).toEqual({ name: 'a.txt', size: 3, type: 'text/plain', lastModified: 1_700_000_000_000, file: real });
    expect(entry.file).toBe(real);
  });

  it('reads an image as a data URL, and refuses what is not an image', async () => {
    await expect(readImageFile(new File(['png'], 'a.png', { type: 'image/png' }))).resolves.toMatch(/^data:image\/png;base64,/);
    await expect(readImageFile(new File(['x'], 'a.txt', { type: 'text/plain' }))).rejects.toThrow('File is not an image');
  });

  it('reports a read failure as "Failed to read file"', async () => {
    class FailingReader extends EventTarget {
      result: string | null = null;
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      readAsDataURL() {
        queueMicrotask(() => this.onerror?.());
      }
    }
    const original = globalThis.FileReader;
    globalThis.FileReader = FailingReader as unknown as typeof FileReader;
    try {
      await expect(readImageFile(new File(['png'], 'a.png', { type: 'image/png' }))).rejects.toThrow('Failed to read file');
    } finally {
      globalThis.FileReader = original;
    }
  });
});

describe('required rule', () => {
  it('names the field in the message', () => {
    expect(requiredMessage('School name')).toBe('School name is required');
  });

  it('treats blank text, empty lists and null as not filled', () => {
    expect(isFilled('  ')).toBe(false);
    expect(isFilled([])).toBe(false);
    expect(isFilled(null)).toBe(false);
    expect(isFilled(false)).toBe(true);
    expect(isFilled(0)).toBe(true);
    expect(isFilled(['a'])).toBe(true);
  });
});
