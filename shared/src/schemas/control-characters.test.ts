/** Issue 12: one rule for bad input. Every text field refuses control characters but tab, newline and CR. */
import { describe, expect, it } from 'vitest';
import { disallowedCharactersMessage, hasControlCharacters, plainString, text } from './fields.js';
import { contactMessageSchema, faqSchema } from './content.js';
import { signupSchema } from './auth.js';
import { usersQuery } from './query.js';

describe('control characters in text', () => {
  it.each(['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u009f'])(
    'refuses U+%s',
    (char) => {
      expect(hasControlCharacters(`a${char}b`)).toBe(true);
      const result = text(1, 'Title is required', 50, 'Title cannot exceed 50 characters').safeParse(`a${char}b`);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'Title contains characters that are not allowed',
      ]);
    },
  );

  it('keeps tab, newline, carriage return and every printable character', () => {
    for (const value of ['a\tb', 'a\nb', 'a\r\nb', 'Café – naïve 日本語 🍎', '\u00a0space']) {
      expect(hasControlCharacters(value)).toBe(false);
      expect(plainString('Note').safeParse(value).success).toBe(true);
    }
  });

  it('names the field in the message of every schema that uses it', () => {
    const signup = signupSchema.safeParse({ name: 'A\u0000', email: 'a@example.org', password: 'secret-123' });
    expect(signup.error?.issues).toEqual([
      expect.objectContaining({ path: ['name'], message: disallowedCharactersMessage('Name') }),
    ]);
    const contact = contactMessageSchema.safeParse({
      name: 'Visitor',
      email: 'v@example.org',
      phone: '+911234567890',
      message: 'Hello there\u0000, a message',
    });
    expect(contact.error?.issues.map((issue) => issue.message)).toEqual([
      'Message contains characters that are not allowed',
    ]);
    const faq = faqSchema.safeParse({
      question: 'Who can join us here?',
      answer: 'Anyone who studies nutrition.',
      category: '\u0000',
    });
    expect(faq.error?.issues.map((issue) => issue.message)).toEqual([
      'Category contains characters that are not allowed',
    ]);
    const query = usersQuery(10).safeParse({ search: '\u0000' });
    expect(query.error?.issues.map((issue) => issue.message)).toEqual([
      'Search contains characters that are not allowed',
    ]);
  });
});
