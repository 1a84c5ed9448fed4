/**
 * The activity log (issue 11, super admins only): every admin write and security event, newest first,
 * filtered by person, module, action and days, all kept in the URL. A row opens the entry; the
 * export takes the same filters. Read only: nothing here changes the log.
 */
import { Button, FormGroup, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, formatAdminDate, type AuditFilter, type AuditLogEntry } from '@npo/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { queryKeys } from '../../api/query-keys';
import { saveDownload } from '../../ui/download';
import { ListPager, ListSearch, usePagedList, type PagedList } from '../../ui/ListControls';
import { ListStates } from '../../ui/ListStates';
import { PageHeader } from '../../ui/PageHeader';
import { notifyFailure } from '../../ui/toaster';
import { AuditEntryDialog } from './AuditEntryDialog';
import { actionLabel, dayRange, MODULE_LABELS, moduleLabel } from './audit-format';

/** The filters of the URL as the API takes them (`q` of the search box is the person). */
function filterOf(list: PagedList): Partial<AuditFilter> {
  const module = list.param('module');
  const action = list.param('action');
  return {
    ...(list.q && { actor: list.q }),
    ...(module && { module: module as AuditFilter['module'] }),
    ...(action && { action: action as AuditFilter['action'] }),
    ...dayRange(list.param('from'), list.param('to')),
  };
}

function Filters({ list }: { list: PagedList }) {
  const id = useId();
  const select = (name: string, label: string, options: [string, string][]) => (
    <FormGroup label={label} labelFor={`${id}-${name}`}>
      <HTMLSelect
        id={`${id}-${name}`}
        value={list.param(name) ?? ''}
        onChange={(event) => list.setParam(name, event.currentTarget.value || null)}
        options={[{ value: '', label: 'All' }, ...options.map(([value, text]) => ({ value, label: text }))]}
      />
    </FormGroup>
  );
  const day = (name: 'from' | 'to', label: string) => (
    <FormGroup label={label} labelFor={`${id}-${name}`}>
      <InputGroup
        id={`${id}-${name}`}
        type="date"
        value={list.param(name) ?? ''}
        onValueChange={(value) => list.setParam(name, value || null)}
      />
    </FormGroup>
  );
  return (
    <div className="audit-filters">
      {/* The search box names itself (aria-label); this is its visible caption. */}
      <div className="bp6-form-group">
        <span className="bp6-label" aria-hidden>
          Person
        </span>
        <ListSearch list={list} label="Person (e-mail or account id)" placeholder="E-mail or account id" />
      </div>
      {select('module', 'Module', Object.entries(MODULE_LABELS))}
      {select(
        'action',
        'Action',
        AUDIT_ACTIONS.map((action) => [action, actionLabel(action)]),
      )}
      {day('from', 'From')}
      {day('to', 'To')}
    </div>
  );
}

function ExportButton({ filter }: { filter: Partial<AuditFilter> }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      saveDownload(await api.admin.audit.exportCsv(filter), 'activity-log.csv');
    } catch (error) {
      notifyFailure(describeError(error, 'Failed to export the activity log'));
    } finally {
      setBusy(false);
    }
  };
  return <Button icon="download" text="Export CSV" loading={busy} onClick={() => void exportCsv()} />;
}

function AuditTable({ entries, onOpen }: { entries: AuditLogEntry[]; onOpen: (entry: AuditLogEntry) => void }) {
  return (
    <HTMLTable striped interactive className="audit-table" aria-label="Activity log">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">Action</th>
          <th scope="col">Module</th>
          <th scope="col">Entity</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr
            key={entry.id}
            data-testid="audit-row"
            tabIndex={0}
            aria-label={`${actionLabel(entry.action)} in ${moduleLabel(entry.module)}: open details`}
            onClick={() => onOpen(entry)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              onOpen(entry);
            }}
          >
            <td>
              <time dateTime={entry.occurredAt}>{formatAdminDate(entry.occurredAt)}</time>
            </td>
            <td className="break-all">{entry.actorEmail ?? '—'}</td>
            <td>{actionLabel(entry.action)}</td>
            <td>{moduleLabel(entry.module)}</td>
            <td>{entry.entityId ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export default function AuditPage() {
  const list = usePagedList(AUDIT_PAGE_SIZE);
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const filter = filterOf(list);
  const params = { page: list.page, limit: AUDIT_PAGE_SIZE, ...filter };
  const query = useQuery({
    queryKey: [...queryKeys.audit, params],
    queryFn: () => api.admin.audit.list(params),
    placeholderData: keepPreviousData,
    // Every write adds entries: the log is read fresh each time it is opened.
    staleTime: 0,
  });
  const entries = query.data?.entries ?? [];
  const filtered = Object.keys(filter).length > 0;

  return (
    <>
      <PageHeader
        title="Activity log"
        summary="Every change made in the console and every sign-in and account event."
        actions={<ExportButton filter={filter} />}
      />
      <Filters list={list} />
      <ListStates
        query={query}
        loadError="Failed to load the activity log"
        isEmpty={entries.length === 0}
        empty={filtered ? 'No activity matches the filters.' : 'No activity recorded yet.'}
      >
        <div className="table-scroll">
          <AuditTable entries={entries} onOpen={setOpen} />
        </div>
      </ListStates>
      <ListPager
        list={list}
        pagination={query.data?.pagination}
        noun={['entry', 'entries']}
        label="Activity log pages"
      />
      {open && <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />}
    </>
  );
}
