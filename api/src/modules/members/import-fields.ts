/**
 * The import's extra columns (issue 57): which header fills which field (MEMBER_IMPORT_HEADERS, in
 * any case and spacing), and each row's profile values and tags read from them. Countries, languages
 * and practice settings are taken as codes or English names, specialties by name from the list staff
 * keep; a value none of these knows is a field error of the row, which is then skipped like any
 * invalid row. The lookups are built once per file from small lists: no row costs a query.
 */
import {
  countryOptions,
  languageOptions,
  MEMBER_IMPORT_FIELD_LABELS,
  MEMBER_IMPORT_FIELDS,
  MEMBER_IMPORT_HEADERS,
  memberProfileSchema,
  PRACTICE_SETTINGS,
  tagKey,
  tagName,
  type MemberImportField,
  type MemberProfileValues,
} from '@npo/shared';
import type { Db } from '../../db/connection.js';
import type { CsvRecord } from '../../lib/csv-read.js';
import { createTagsRepository } from '../tags/repository.js';

export interface ImportMapping {
  columns: { column: string; field: MemberImportField }[];
  ignored: string[];
  /** Field → its column's index. */
  index: Partial<Record<MemberImportField, number>>;
}

export interface FieldError {
  field: MemberImportField;
  message: string;
}

/** What the extra columns give a row: a profile when any field is given, and tag names. */
export interface RowExtras {
  profile: MemberProfileValues | null;
  tags: string[];
}

const FIELD_OF_HEADER = new Map<string, MemberImportField>(
  Object.entries(MEMBER_IMPORT_HEADERS).flatMap(([field, headers]) =>
    headers.map((header) => [header, field as MemberImportField] as const),
  ),
);

const normal = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The header row read: the first column of each field, the rest ignored by name. */
export function mappingOf(header: CsvRecord): ImportMapping {
  const mapping: ImportMapping = { columns: [], ignored: [], index: {} };
  header.fields.forEach((column, index) => {
    const field = FIELD_OF_HEADER.get(normal(column));
    if (field && mapping.index[field] === undefined) {
      mapping.index[field] = index;
      mapping.columns.push({ column: column.trim(), field });
    } else mapping.ignored.push(column.trim());
  });
  return mapping;
}

/** Code or English name (any case) → code. */
function lookup(options: { code: string; name: string }[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const { code, name } of options) {
    map.set(code.toLowerCase(), code);
    map.set(name.toLowerCase(), code);
  }
  return map;
}

const PROFILE_FIELDS = [
  'title',
  'country',
  'city',
  'languages',
  'specialties',
  'practiceSetting',
  'registrationBody',
  'registrationNumber',
  'bio',
  'website',
] as const satisfies readonly MemberImportField[];

const splitList = (value: string, separators: RegExp) =>
  value
    .split(separators)
    .map((item) => item.trim())
    .filter(Boolean);

/** Reads the rows' extra fields against the lists as they are now (one read each per file). */
export async function createExtrasReader(db: Db, mapping: ImportMapping) {
  const countries = lookup(countryOptions());
  const languages = lookup(languageOptions());
  const settings = lookup(Object.entries(PRACTICE_SETTINGS).map(([code, name]) => ({ code, name })));
  const specialtyRows: { id: number; name: string }[] = await db('specialties').select('id', 'name');
  const specialties = new Map(specialtyRows.map((row) => [row.name.toLowerCase(), Number(row.id)]));
  const knownTags = mapping.index.tags === undefined ? new Map() : await createTagsRepository(db).allByKey();
  /** Tag names not in the list yet, by key, as first written. */
  const newTags = new Map<string, string>();
  const hasProfile = PROFILE_FIELDS.some((field) => mapping.index[field] !== undefined);

  function read(fields: readonly string[]): { extras: RowExtras; errors: FieldError[] } {
    const value = (field: MemberImportField) => {
      const index = mapping.index[field];
      return index === undefined ? '' : (fields[index]?.trim() ?? '');
    };
    const errors: FieldError[] = [];
    const fail = (field: MemberImportField, message: string) => errors.push({ field, message });
    const codes = (field: MemberImportField, map: Map<string, string>, items: string[], what: string) =>
      items.flatMap((item) => {
        const code = map.get(item.toLowerCase());
        if (code === undefined) fail(field, `Unknown ${what} "${item}"`);
        return code === undefined ? [] : [code];
      });

    let profile: MemberProfileValues | null = null;
    if (hasProfile && PROFILE_FIELDS.some((field) => value(field) !== '')) {
      const one = (field: MemberImportField) => (value(field) === '' ? [] : [value(field)]);
      const [country = ''] = codes('country', countries, one('country'), 'country');
      const [practiceSetting = ''] = codes('practiceSetting', settings, one('practiceSetting'), 'practice setting');
      const specialtyIds = splitList(value('specialties'), /;/).flatMap((item) => {
        const id = specialties.get(item.toLowerCase());
        if (id === undefined) fail('specialties', `Unknown specialty "${item}"`);
        return id === undefined ? [] : [id];
      });
      const parsed = memberProfileSchema.safeParse({
        title: value('title'),
        country,
        city: value('city'),
        languages: codes('languages', languages, splitList(value('languages'), /[;,]/), 'language'),
        specialtyIds,
        practiceSetting,
        registrationBody: value('registrationBody'),
        registrationNumber: value('registrationNumber'),
        bio: value('bio'),
        website: value('website'),
      });
      if (parsed.success) profile = parsed.data;
      for (const issue of parsed.error?.issues ?? []) {
        const key = String(issue.path[0]);
        fail(key === 'specialtyIds' ? 'specialties' : (key as MemberImportField), issue.message);
      }
    }

    const tags: string[] = [];
    for (const item of splitList(value('tags'), /;/)) {
      const name = tagName.safeParse(item);
      if (!name.success) {
        fail('tags', name.error.issues[0]?.message ?? 'Bad tag name');
        continue;
      }
      tags.push(name.data);
    }
    // In the order of the fields, whatever order they were found in.
    errors.sort((a, b) => MEMBER_IMPORT_FIELDS.indexOf(a.field) - MEMBER_IMPORT_FIELDS.indexOf(b.field));
    return { extras: { profile, tags }, errors };
  }

  return {
    read,
    /** Notes the tags of a row that will be imported; answers nothing. */
    noteTags(tags: readonly string[]) {
      for (const name of tags) {
        const key = tagKey(name);
        if (!knownTags.has(key) && !newTags.has(key)) newTags.set(key, name);
      }
    },
    newTags: () => [...newTags.values()],
  };
}

/** "Country: Unknown country "Narnia"" — the row's reason, from its field errors. */
export const reasonOf = (errors: readonly FieldError[]) =>
  errors.map((error) => `${MEMBER_IMPORT_FIELD_LABELS[error.field]}: ${error.message}`).join(' ');
