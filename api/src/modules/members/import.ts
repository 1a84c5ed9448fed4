/**
 * The members import (issue 22): a CSV file from another system, read and judged row by row (the
 * dry run), then written in one transaction: every new member, their welcome mails if asked, and one
 * audit entry for the whole import, or nothing at all. Imported members get no password hash (no
 * password can sign in) until they choose one through the welcome link or "Forgot password": hashing
 * 50,000 passwords would take minutes, and a password nobody chose protects nothing.
 */
import {
  INVITATION_TOKEN_TTL_MS,
  MEMBER_IMPORT_MAX_ROWS,
  signupSchema,
  tagKey,
  type MemberImportCounts,
  type MemberImportPreview,
  type MemberImportResult,
  type MemberImportRow,
} from '@npo/shared';
import { checkpointAfter, isPostgres, type Db } from '../../db/connection.js';
import { foldRow } from '../../db/fold.js';
import { insertMany } from '../../db/insert-many.js';
import type { AppDeps } from '../../deps.js';
import { conflict, validationError } from '../../errors.js';
import { csvRecords, CsvSyntaxError, type CsvRecord } from '../../lib/csv-read.js';
import { createSecretToken } from '../../lib/tokens.js';
import { memberWelcomeMail } from '../../mail/templates.js';
import { recordAudit } from '../audit/record.js';
import { profileColumns } from '../profiles/presenter.js';
import { renewalCell } from '../renewals/import-column.js';
import { createTagsRepository } from '../tags/repository.js';
import { createExtrasReader, mappingOf, reasonOf, type ImportMapping, type RowExtras } from './import-fields.js';

/** Rows of one INSERT: 10 columns a row stays far below both engines' parameter limits. */
const INSERT_BATCH = 500;
/** Addresses of one lookup of existing accounts. */
const LOOKUP_BATCH = 1000;
/** Rows read or judged in one turn of the event loop (about a few milliseconds of work). */
const ROWS_A_TURN = 1000;
/**
 * Between batches the import lets the event loop answer others (issue 52 item 14: 50,000 rows held
 * every request for 12 s). better-sqlite3 runs each statement on the event loop, so without this a
 * whole import is one long turn of it.
 */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));
const rowSchema = signupSchema.pick({ name: true, email: true });

const refused = (message: string) => validationError([{ field: 'csv', message }]);

/**
 * The file's records, or a 400 saying why it is not a CSV file the import can read. The row limit
 * holds while reading: the file is refused at the first row past it, before the rest is read.
 */
async function recordsOf(text: string): Promise<{ header: CsvRecord; rows: CsvRecord[] }> {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // A NUL never appears in text: the file is binary (a spreadsheet's own format, an image...).
  if (body.includes('\u0000')) throw refused('The file is not a CSV file (it holds binary data)');
  const records: CsvRecord[] = [];
  try {
    for (const record of csvRecords(body)) {
      // The header row and MEMBER_IMPORT_MAX_ROWS members.
      if (records.length > MEMBER_IMPORT_MAX_ROWS) {
        throw refused(
          `The file has more than ${MEMBER_IMPORT_MAX_ROWS} rows; at most ${MEMBER_IMPORT_MAX_ROWS} can be imported at once`,
        );
      }
      records.push(record);
      if (records.length % ROWS_A_TURN === 0) await yieldToOthers();
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw refused(`The file is not valid CSV. ${error.message}`);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw refused('The file has no header row');
  if (rows.length === 0) throw refused('The file has a header row but no members');
  return { header, rows };
}

interface Columns {
  name: number;
  email: number;
  width: number;
  mapping: ImportMapping;
}

function columnsOf(header: CsvRecord): Columns {
  const mapping = mappingOf(header);
  const { name = -1, email = -1 } = mapping.index;
  const missing = [name < 0 && '"name"', email < 0 && '"email"'].filter(Boolean);
  if (missing.length > 0) throw refused(`The header row needs a ${missing.join(' and an ')} column`);
  return { name, email, width: header.fields.length, mapping };
}

/** A judged row with what its extra columns give, which the import writes (the dry run leaves it out). */
type JudgedRow = MemberImportRow & { extras?: RowExtras };
type ExtrasReader = Awaited<ReturnType<typeof createExtrasReader>>;

/** Each row judged on its own and against the rows above it; `existing` is decided afterwards. */
async function judge(rows: CsvRecord[], columns: Columns, extras: ExtrasReader): Promise<JudgedRow[]> {
  const firstLineOf = new Map<string, number>();
  const judged: JudgedRow[] = [];
  for (const row of rows) {
    judged.push(judgeRow(row, columns, firstLineOf, extras));
    if (judged.length % ROWS_A_TURN === 0) await yieldToOthers();
  }
  return judged;
}

function judgeRow(
  { line, fields }: CsvRecord,
  columns: Columns,
  firstLineOf: Map<string, number>,
  reader: ExtrasReader,
): JudgedRow {
  const raw = { name: fields[columns.name]?.trim() ?? '', email: fields[columns.email]?.trim() ?? '' };
  const invalid = (reason: string): JudgedRow => ({ line, ...raw, outcome: 'invalid', reason });
  if (fields.length !== columns.width) {
    return invalid(`The row has ${fields.length} fields; the header has ${columns.width}`);
  }
  const parsed = rowSchema.safeParse(raw);
  if (!parsed.success) return invalid(parsed.error.issues.map((issue) => issue.message).join(' '));
  const { name, email } = parsed.data;
  const { extras, errors } = reader.read(fields);
  if (errors.length) return { line, name, email, outcome: 'invalid', reason: reasonOf(errors), fieldErrors: errors };
  // The membership's renewal date (renewals/import-column.ts), when the file has the column.
  const renewal =
    columns.mapping.index.renewalDate === undefined ? {} : renewalCell(fields[columns.mapping.index.renewalDate]);
  if ('reason' in renewal) {
    const fieldErrors = [{ field: 'renewalDate' as const, message: renewal.reason }];
    return { line, name, email, outcome: 'invalid', reason: renewal.reason, fieldErrors };
  }
  const first = firstLineOf.get(email);
  if (first !== undefined) return { line, name, email, outcome: 'invalid', reason: `Same e-mail as line ${first}` };
  firstLineOf.set(email, line);
  return { line, name, email, outcome: 'new', extras, ...renewal };
}

/** The role of each account among `emails` (stored lower-cased), looked up a batch at a time. */
async function accountRoles(db: Db, emails: string[]): Promise<Map<string, string>> {
  const roles = new Map<string, string>();
  for (let start = 0; start < emails.length; start += LOOKUP_BATCH) {
    if (start > 0) await yieldToOthers();
    const rows: { email: string; role: string }[] = await db('users')
      .whereIn('email', emails.slice(start, start + LOOKUP_BATCH))
      .select('email', 'role');
    for (const row of rows) roles.set(row.email, row.role);
  }
  return roles;
}

function countsOf(rows: readonly MemberImportRow[]): MemberImportCounts {
  const counts: MemberImportCounts = { rows: rows.length, new: 0, existing: 0, invalid: 0 };
  for (const row of rows) counts[row.outcome] += 1;
  return counts;
}

/** Every row's outcome against the accounts `db` sees, the column mapping and the tags to create. */
async function judgeFile(db: Db, csv: string) {
  const { header, rows } = await recordsOf(csv);
  const columns = columnsOf(header);
  const reader = await createExtrasReader(db, columns.mapping);
  const judged = await judge(rows, columns, reader);
  const roles = await accountRoles(
    db,
    judged.filter((row) => row.outcome === 'new').map((row) => row.email),
  );
  const outcomes = judged.map((row): JudgedRow => {
    const role = row.outcome === 'new' ? roles.get(row.email) : undefined;
    if (role === undefined) {
      if (row.extras) reader.noteTags(row.extras.tags);
      return row;
    }
    // Skipped: an existing member's profile and tags are not changed by an import.
    const { extras: _skipped, ...skipped } = row;
    if (role === 'member') return { ...skipped, outcome: 'existing' };
    return { ...skipped, outcome: 'invalid', reason: 'This e-mail belongs to a staff account' };
  });
  const { columns: mapped, ignored } = columns.mapping;
  return {
    counts: countsOf(outcomes),
    rows: outcomes,
    mapping: { columns: mapped, ignored },
    newTags: reader.newTags(),
  };
}

/** The dry run's answer: the file judged, each row without the values the import would write. */
export async function previewImport(db: Db, csv: string): Promise<MemberImportPreview> {
  const judged = await judgeFile(db, csv);
  return { ...judged, rows: judged.rows.map(({ extras: _extras, ...row }) => row) };
}

/** The tags the file names that do not exist yet, created at once; answers every tag's id by key. */
async function createTags(trx: Db, names: string[], at: Date): Promise<Map<string, number>> {
  const tags = createTagsRepository(trx);
  for (const name of names) {
    await tags.insert({ name, name_key: tagKey(name), revision: 1, created_at: at, updated_at: at });
  }
  return tags.allByKey();
}

/** A new account as its insert answers it; `name_folded` on PostgreSQL alone (a generated column there). */
interface WrittenMember {
  id: number;
  name: string;
  email: string;
  name_folded?: string;
}

/**
 * The account's values the directory reads from a new member's profile (migration 20261206100000),
 * written with the profile so that the trigger checking them has nothing to correct (20261207100000):
 * an imported account is a member's, active and not erased. PostgreSQL folds the texts in generated
 * columns: the name's fold is the account's own, read back from its insert, and the city's is the
 * profile's; SQLite folds them with foldRow(), its fold() itself.
 */
function directoryCopies(postgres: boolean, member: WrittenMember, row: JudgedRow, city: string) {
  const copies = {
    sort_name: member.name,
    name_folded: member.name_folded ?? foldRow(member.name),
    account_open: true,
    renewal_date: row.renewalDate ?? null,
  };
  return postgres ? copies : { ...copies, city_folded: foldRow(city) };
}

/**
 * One batch's profiles, specialties and tags (issue 57), beside its accounts: a first profile is at
 * revision 2 as a first save makes it (profiles/service.ts). Rows are matched to their ids by e-mail.
 */
async function writeExtras(
  trx: Db,
  rows: readonly JudgedRow[],
  written: readonly WrittenMember[],
  at: Date,
  tagIds: Map<string, number>,
): Promise<void> {
  const memberOf = new Map(written.map((member) => [member.email, member]));
  const postgres = isPostgres(trx);
  const profiles: Record<string, unknown>[] = [];
  const specialties: { user_id: number; specialty_id: number }[] = [];
  const links: { user_id: number; tag_id: number }[] = [];
  for (const row of rows) {
    const member = memberOf.get(row.email);
    if (member === undefined || !row.extras) continue;
    const userId = Number(member.id);
    const { profile, tags } = row.extras;
    if (profile) {
      const columns = profileColumns(profile);
      const copies = directoryCopies(postgres, member, row, columns.city);
      profiles.push({ user_id: userId, revision: 2, ...columns, ...copies, updated_at: at });
      for (const id of profile.specialtyIds) specialties.push({ user_id: userId, specialty_id: id });
    }
    for (const name of new Set(tags.map(tagKey))) links.push({ user_id: userId, tag_id: tagIds.get(name)! });
  }
  // Up to 10 specialties or a few tags a member: on SQLite a batch's links are cut to stay below the limits too.
  await insertMany(trx, 'member_profiles', profiles, { batch: INSERT_BATCH });
  await insertMany(trx, 'member_specialties', specialties, { batch: INSERT_BATCH });
  await createTagsRepository(trx).link(links, INSERT_BATCH);
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function createMemberImport(deps: AppDeps) {
  const now = () => deps.clock.now();
  // The site's welcome page, not its reset page: the member chooses a first password (issue 55 item 9).
  const welcomeLink = (token: string) => `${deps.config.publicUrl}/welcome?token=${encodeURIComponent(token)}`;

  /** The new members' rows, a batch at a time, each batch's profiles and tags with it; answers their ids, names and e-mails. */
  async function insertMembers(trx: Db, rows: JudgedRow[], at: Date, tagIds: Map<string, number>) {
    const inserted: { id: number; name: string; email: string }[] = [];
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      if (start > 0) await yieldToOthers();
      const batch = rows.slice(start, start + INSERT_BATCH).map((row) => ({
        name: row.name,
        email: row.email,
        password_hash: null,
        role: 'member' as const,
        permissions: '{}',
        is_active: true,
        token_version: 0,
        created_at: at,
        updated_at: at,
        renewal_date: row.renewalDate ?? null,
      }));
      const written: WrittenMember[] = await trx('users')
        .insert(batch)
        .returning(['id', 'name', 'email', ...(isPostgres(trx) ? ['name_folded'] : [])]);
      await writeExtras(trx, rows.slice(start, start + INSERT_BATCH), written, at, tagIds);
      inserted.push(...written);
    }
    return inserted;
  }

  /**
   * A set-password link of 7 days (an invitation token, as new admins get) and its mail, per member,
   * a batch at a time: each batch's mails are composed just before they are queued, so 50,000 mails
   * are never held at once, and others are answered between batches.
   */
  async function queueWelcomes(trx: Db, members: { id: number; name: string; email: string }[], at: Date) {
    const expiresAt = new Date(at.getTime() + INVITATION_TOKEN_TTL_MS);
    for (let start = 0; start < members.length; start += INSERT_BATCH) {
      if (start > 0) await yieldToOthers();
      const tokens = members.slice(start, start + INSERT_BATCH).map((member) => ({ member, ...createSecretToken() }));
      await trx('auth_tokens').insert(
        tokens.map(({ member, hash }) => ({
          user_id: member.id,
          purpose: 'invitation' as const,
          token_hash: hash,
          expires_at: expiresAt,
          created_at: at,
        })),
      );
      await deps.mailer.enqueue(
        trx,
        tokens.map(({ member, token }) => memberWelcomeMail(member.email, member.name, welcomeLink(token))),
      );
    }
  }

  return {
    preview: (csv: string) => previewImport(deps.db, csv),

    /**
     * Judges the file again inside the transaction (accounts may have signed up since the dry run),
     * imports the new rows and skips the others. A member who signs up with one of the addresses while
     * the import runs makes it fail whole (409), and nothing is imported.
     */
    async run(csv: string, sendWelcomeMail: boolean): Promise<MemberImportResult> {
      try {
        // SQLite: the log the import wrote is checkpointed in a turn of its own, after the COMMIT's.
        return await checkpointAfter(
          deps.db,
          () =>
            deps.db.transaction(async (trx) => {
              const at = now();
              const { counts, rows, newTags } = await judgeFile(trx, csv);
              const tagIds = await createTags(trx, newTags, at);
              const members = await insertMembers(
                trx,
                rows.filter((row) => row.outcome === 'new'),
                at,
                tagIds,
              );
              if (sendWelcomeMail && members.length > 0) await queueWelcomes(trx, members, at);
              await recordAudit(trx, {
                action: 'members_imported',
                module: 'members',
                changes: {
                  ...counts,
                  imported: members.length,
                  welcomeMails: sendWelcomeMail ? members.length : 0,
                  ...(newTags.length > 0 && { tagsCreated: newTags }),
                },
              });
              return { counts, imported: members.length, welcomeMails: sendWelcomeMail ? members.length : 0 };
            }),
          deps.logger,
        );
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw conflict(
            'An account with one of these e-mails was created during the import. Nothing was imported; try again.',
          );
        }
        throw error;
      }
    },
  };
}
