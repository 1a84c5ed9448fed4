/** Every language and country a profile form lists has an English name, never its bare code. */
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, LANGUAGE_CODES, countryName, languageName, languageOptions } from './codes.js';

describe('the profile code lists', () => {
  it('names every ISO 639-1 language, those browsers lack too, once each', () => {
    const names = LANGUAGE_CODES.map(languageName);
    const bare = LANGUAGE_CODES.filter((code, index) => names[index]!.toLowerCase() === code);
    expect(bare).toEqual([]);
    expect(languageName('cv')).toBe('Chuvash');
    expect(languageName('dz')).toBe('Dzongkha');
    expect(languageName('hi')).toBe('Hindi');
    expect(new Set(names).size).toBe(names.length);
    // The form's list is by name.
    const listed = languageOptions().map((option) => option.name);
    expect(listed).toEqual([...listed].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('names every country', () => {
    expect(COUNTRY_CODES.filter((code) => countryName(code) === code)).toEqual([]);
  });
});
