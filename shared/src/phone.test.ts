/** The text of a `tel:` link never breaks over two lines (html-validate's tel-non-breaking, issue 55 item 10). */
import { describe, expect, it } from 'vitest';
import { phoneText, sanitisePhoneInput } from './phone.js';

describe('phoneText', () => {
  it('turns spaces into no-break spaces and hyphens into no-break hyphens, keeping the digits', () => {
    expect(phoneText('+91 98765-43210')).toBe('+91\u00a098765\u201143210');
    expect(phoneText('+919876543210')).toBe('+919876543210');
    expect(phoneText('+1 555 0100').includes(' ')).toBe(false);
  });
});

describe('sanitisePhoneInput', () => {
  it('keeps digits and a leading plus only', () => {
    expect(sanitisePhoneInput(' +91 (987) 65-43')).toBe('+919876543');
  });
});
