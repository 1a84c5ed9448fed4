import { defaultPrivacyPolicy } from './policy-defaults.js';
import { describe, expect, it } from 'vitest';
import { policyOutline } from './policy-outline.js';

describe('policyOutline', () => {
  it('makes numbered title lines headings and keeps the rest as paragraphs with their line breaks', () => {
    const outline = policyOutline('Intro line\nsecond line\n\n1. Scope\nWho this covers.\n\n1.1 Members\nAll of them.');
    expect(outline).toEqual([
      { kind: 'p', text: 'Intro line\nsecond line' },
      { kind: 'h2', text: '1. Scope' },
      { kind: 'p', text: 'Who this covers.' },
      { kind: 'h3', text: '1.1 Members' },
      { kind: 'p', text: 'All of them.' },
    ]);
  });

  it('leaves numbered sentences and long numbered lines as text', () => {
    const long = `2. ${'word '.repeat(30)}end`;
    expect(policyOutline('1. You must be 18.\n' + long).map((block) => block.kind)).toEqual(['p']);
  });

  it("reads the built-in privacy policy's five sections", () => {
    const headings = policyOutline(defaultPrivacyPolicy.content).filter((block) => block.kind === 'h2');
    expect(headings.map((heading) => heading.text)).toEqual([
      '1. Information we collect',
      '2. How we use your information',
      '3. Storage and security',
      '4. Your rights',
      '5. Contact us',
    ]);
  });
});
