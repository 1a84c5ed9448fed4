/**
 * Importing members from another system's CSV file (issue 22), in three steps: choose the file, read
 * the dry run's outcome of every row (paged here, summarised by counts), then confirm the import, with
 * or without a welcome mail to each new member. The server judges the file again when it imports; a
 * retry of the same confirmation sends the same Idempotency-Key, so it never imports twice.
 */
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLSelect,
  HTMLTable,
  Tag,
} from '@blueprintjs/core';
import {
  ApiError,
  MEMBER_IMPORT_FIELD_LABELS,
  type MemberImportOutcome,
  type MemberImportPreview,
  type MemberImportResult,
} from '@npo/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';

const ROWS_PER_PAGE = 50;

const OUTCOME_LABELS: Record<MemberImportOutcome, string> = {
  new: 'New',
  existing: 'Already a member',
  invalid: 'Invalid',
};
const OUTCOME_INTENTS = { new: 'success', existing: 'none', invalid: 'danger' } as const;

/** The file as text: UTF-8 with or without a BOM (the server drops it); anything else is refused here. */
async function readText(file: File): Promise<string> {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(await file.arrayBuffer());
  } catch {
    throw new Error('The file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8" and try again.');
  }
}

/** The server's own words for a refused file (its field errors), else the usual failure text. */
function failureOf(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError && error.errors.length > 0) return error.errors.map(({ message }) => message);
  if (error instanceof Error && !(error instanceof ApiError)) return [error.message];
  return describeError(error, fallback);
}

function PreviewTable({ preview }: { preview: MemberImportPreview }) {
  const [shown, setShown] = useState<MemberImportOutcome | ''>('');
  const [page, setPage] = useState(1);
  const rows = shown ? preview.rows.filter((row) => row.outcome === shown) : preview.rows;
  const pages = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const visible = rows.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE);
  return (
    <>
      <div className="import-toolbar">
        <HTMLSelect
          aria-label="Rows shown"
          value={shown}
          onChange={(event) => {
            setShown(event.currentTarget.value as MemberImportOutcome | '');
            setPage(1);
          }}
          options={[
            { value: '', label: 'All rows' },
            ...(['new', 'existing', 'invalid'] as const).map((outcome) => ({
              value: outcome,
              label: OUTCOME_LABELS[outcome],
            })),
          ]}
        />
        <span aria-live="polite">
          Rows {rows.length === 0 ? 0 : (page - 1) * ROWS_PER_PAGE + 1}–{Math.min(page * ROWS_PER_PAGE, rows.length)} of{' '}
          {rows.length}
        </span>
        <Button size="small" text="Previous rows" disabled={page <= 1} onClick={() => setPage(page - 1)} />
        <Button size="small" text="Next rows" disabled={page >= pages} onClick={() => setPage(page + 1)} />
      </div>
      <div className="table-scroll import-rows">
        <HTMLTable compact striped aria-label="Rows of the file">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {visible.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>{row.name}</td>
                <td>{row.email}</td>
                <td>
                  <Tag minimal intent={OUTCOME_INTENTS[row.outcome]}>
                    {OUTCOME_LABELS[row.outcome]}
                  </Tag>
                  {row.reason && <span className="import-reason"> {row.reason}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </>
  );
}

/** Which column fills which field, the columns ignored, and the tags the import will create (issue 57). */
function ImportMapping({ preview }: { preview: MemberImportPreview }) {
  const { columns, ignored } = preview.mapping;
  return (
    <dl className="import-mapping" aria-label="Column mapping">
      <dt>Columns read</dt>
      <dd>{columns.map(({ column, field }) => `${column} → ${MEMBER_IMPORT_FIELD_LABELS[field]}`).join(', ')}</dd>
      <dt>Ignored</dt>
      <dd>{ignored.length ? ignored.join(', ') : 'None'}</dd>
      {preview.newTags.length > 0 && (
        <>
          <dt>New tags</dt>
          <dd>{preview.newTags.join(', ')}</dd>
        </>
      )}
    </dl>
  );
}

export function ImportMembersDialog({ onClose }: { onClose: () => void }) {
  const fileId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [preview, setPreview] = useState<MemberImportPreview | null>(null);
  const [result, setResult] = useState<MemberImportResult | null>(null);
  const [welcome, setWelcome] = useState(true);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  /** One key per confirmed file: a retry after a lost answer is the same import. */
  const importKey = useRef<string>('');

  const choose = async (chosen: File | undefined) => {
    setPreview(null);
    setFailure(null);
    setFile(null);
    if (!chosen) return;
    setBusy(true);
    try {
      const csv = await readText(chosen);
      setFile({ name: chosen.name, csv });
      setPreview(await api.admin.members.previewImport(csv));
      importKey.current = crypto.randomUUID();
    } catch (error) {
      setFailure(failureOf(error, 'Failed to check the file'));
    } finally {
      setBusy(false);
    }
  };

  const runImport = async () => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const { data } = await api.admin.members.import({ csv: file.csv, sendWelcomeMail: welcome }, importKey.current);
      setResult(data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.members });
    } catch (error) {
      setFailure(failureOf(error, 'Failed to import the members'));
    } finally {
      setBusy(false);
    }
  };

  const counts = preview?.counts;
  return (
    <Dialog isOpen onClose={onClose} title="Import members" className="member-dialog">
      <DialogBody>
        {result ? (
          <Callout intent="success" title="Import finished" role="status">
            {result.imported} {result.imported === 1 ? 'member' : 'members'} imported
            {result.welcomeMails > 0 && `, ${result.welcomeMails} welcome mails queued`}. {result.counts.existing}{' '}
            already members and {result.counts.invalid} invalid rows were skipped.
          </Callout>
        ) : (
          <>
            <p>
              A CSV file (UTF-8) with a header row naming a <strong>name</strong> and an <strong>email</strong> column;
              profile columns (title, country, city, languages, specialties, practice setting, registration body and
              number, bio, website) and <strong>tags</strong> are read too. First you see what each row would do;
              nothing is imported until you confirm.
            </p>
            <div className="import-file">
              <label htmlFor={fileId}>CSV file</label>
              <input
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                disabled={busy}
                onChange={(event) => void choose(event.currentTarget.files?.[0])}
              />
            </div>
            {busy && !preview && <p role="status">Checking the file…</p>}
            {counts && (
              <section aria-label="Dry run">
                <p role="status" className="import-counts">
                  {file?.name}: {counts.rows} rows — {counts.new} new, {counts.existing} already members,{' '}
                  {counts.invalid} invalid.
                </p>
                {preview && <ImportMapping preview={preview} />}
                {preview && <PreviewTable preview={preview} />}
                <Checkbox
                  checked={welcome}
                  disabled={busy}
                  onChange={(event) => setWelcome(event.currentTarget.checked)}
                  label="Send a welcome mail to each new member, with a link to choose their password"
                />
              </section>
            )}
          </>
        )}
        {failure && (
          <Callout intent="danger" title="The file was not imported" role="alert">
            {failure.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          result ? (
            <Button intent="primary" text="Done" onClick={onClose} />
          ) : (
            <>
              <Button text="Cancel" onClick={onClose} />
              <Button
                intent="primary"
                text={counts ? `Import ${counts.new} ${counts.new === 1 ? 'member' : 'members'}` : 'Import'}
                disabled={!counts || counts.new === 0}
                loading={busy && Boolean(preview)}
                onClick={() => void runImport()}
              />
            </>
          )
        }
      />
    </Dialog>
  );
}
