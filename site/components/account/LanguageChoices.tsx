/**
 * "Languages spoken" on /account/profile: the languages chosen, as removable chips above a filter
 * and a checkbox list of every language by its English name (always visible, however long the list
 * scrolls). The value is the form's: ISO 639-1 codes joined by commas, in the order chosen.
 */
import { languageOptions, PROFILE_MAX_LANGUAGES } from '@npo/shared';
import { useId, useMemo, useState } from 'react';

/** Lower case, without accents: "Volapük" is found by "volapuk". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function LanguageChoices({
  value,
  error,
  onValue,
}: {
  value: string;
  error: string | undefined;
  onValue: (value: string) => void;
}) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const options = useMemo(() => languageOptions(), []);
  const names = useMemo(() => new Map(options.map((option) => [option.code, option.name])), [options]);
  const chosen = value === '' ? [] : value.split(',');
  const wanted = folded(filter.trim());
  const shown = wanted
    ? options.filter((option) => folded(option.name).includes(wanted) || option.code === wanted)
    : options;

  const set = (codes: string[]) => onValue(codes.join(','));
  const toggle = (code: string, on: boolean) =>
    set(on ? [...chosen.filter((each) => each !== code), code] : chosen.filter((each) => each !== code));

  const [legendId, filterId, countId, hintId, errorId, listId] = [
    'legend',
    'filter',
    'count',
    'hint',
    'error',
    'list',
  ].map((part) => `${id}-${part}`);
  return (
    <fieldset
      className="field profile-choices language-choices"
      data-invalid={Boolean(error)}
      aria-labelledby={legendId}
      aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}
    >
      <legend id={legendId} className="field__label">
        Languages spoken
      </legend>
      <p id={hintId} className="field__hint">
        Up to {PROFILE_MAX_LANGUAGES}. Find a language by typing part of its name, then tick it.
      </p>
      <div className="language-choices__chosen" aria-live="polite">
        {chosen.length === 0 ? (
          <p className="language-choices__none">No language chosen yet.</p>
        ) : (
          <ul className="chips" aria-label="Languages chosen">
            {chosen.map((code) => (
              <li key={code} className="chip">
                <span>{names.get(code) ?? code}</span>
                <button
                  type="button"
                  className="chip__remove"
                  aria-label={`Remove ${names.get(code) ?? code}`}
                  onClick={() => toggle(code, false)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <label className="field__label field__label--secondary" htmlFor={filterId}>
        Filter languages
      </label>
      <input
        id={filterId}
        className="input"
        type="search"
        autoComplete="off"
        value={filter}
        aria-controls={listId}
        aria-describedby={countId}
        onChange={(event) => setFilter(event.target.value)}
      />
      <p id={countId} className="field__hint" aria-live="polite">
        {shown.length === options.length
          ? `${options.length} languages`
          : `${shown.length} ${shown.length === 1 ? 'language matches' : 'languages match'}`}
      </p>
      <div id={listId} className="language-choices__list" role="group" aria-label="Languages">
        {shown.map((option) => (
          <label key={option.code} className="profile-choices__item">
            <input
              type="checkbox"
              checked={chosen.includes(option.code)}
              onChange={(event) => toggle(option.code, event.target.checked)}
            />
            {option.name}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
