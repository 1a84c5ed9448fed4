/**
 * The activity log (issue 11, super admins only): every admin write and security event, newest first,
 * filtered by person (part of a name or e-mail), module, action and days, all kept in the URL. It opens
 * on the changes alone (issue 55 item 10): sign-ins and other security events show once "Show" is
 * switched to everything (`view=everything`). A row opens the entry; the export takes the same
 * filters. Read only: nothing here changes the log.
 */
import { Button, FormGroup, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import {
  AUDIT_ACTIONS,
  AUDIT_AUTH_MODULE,
  AUDIT_SECURITY_ACTIONS,
  formatAdminDate,
  type AUDIT_SORTS,
  type AuditFilter,
  type AuditLogEntry,
  type AuditView,
} from '@npo/shared';
import { useId, useState } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { useAdminList } from '../../data/useAdminList';
import { saveDownload } from '../../ui/download';
import { DateTimeLines } from '../../ui/DateTimeLines';
import { ListPager, ListSearch, type PagedList } from '../../ui/ListControls';
import { OneLine } from '../../ui/OneLine';
import { ListStates } from '../../ui/ListStates';
import { PageHeader } from '../../ui/PageHeader';
import { TableHead, type SortState, type TableColumn } from '../../ui/TableHead';
import { notifyFailure } from '../../ui/toaster';
import { AuditEntryDialog } from './AuditEntryDialog';
import { actionLabel, changeSummary, dayRange, itemLabel, MODULE_LABELS, moduleLabel } from './audit-format';

/** What the log shows without `view` in the URL: the changes alone. */
const viewOf = (list: PagedList): AuditView => (list.param('view') === 'everything' ? 'everything' : 'changes');

const isSecurityAction = (action: string | null) =>
  (AUDIT_SECURITY_ACTIONS as readonly (string | null)[]).includes(action);

/** The filters of the URL as the API takes them (`q` of the search box is the person). */
function filterOf(list: PagedList): Partial<AuditFilter> {
  const module = list.param('module');
  const action = list.param('action');
  return {
    view: viewOf(list),
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
      <FormGroup label="Show" labelFor={`${id}-view`}>
        <HTMLSelect
          id={`${id}-view`}
          value={viewOf(list)}
          onChange={(event) => {
            const everything = event.currentTarget.value === 'everything';
            // The changes have no security action: one chosen under everything is let go with it.
            const params: Record<string, string | null> = { view: everything ? 'everything' : null };
            if (!everything && isSecurityAction(list.param('action'))) params.action = null;
            list.setParams(params);
          }}
          options={[
            { value: 'changes', label: 'Changes only' },
            { value: 'everything', label: 'Everything (with sign-ins)' },
          ]}
        />
      </FormGroup>
      <div className="bp6-form-group">
        <span className="bp6-label" aria-hidden>
          Person
        </span>
        <ListSearch list={list} label="Person (name or e-mail)" placeholder="Name or e-mail" />
      </div>
      {select(
        'module',
        'Module',
        // Sign-ins and account events are the security events the changes view leaves out.
        Object.entries(MODULE_LABELS).filter(
          ([module]) => viewOf(list) === 'everything' || module !== AUDIT_AUTH_MODULE,
        ),
      )}
      {select(
        'action',
        'Action',
        // Sign-ins and the like are security events only, which the changes view leaves out.
        AUDIT_ACTIONS.filter((action) => viewOf(list) === 'everything' || !isSecurityAction(action)).map((action) => [
          action,
          actionLabel(action),
        ]),
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

type Sort = (typeof AUDIT_SORTS)[number];

const COLUMNS: TableColumn<Sort>[] = [
  { label: 'When', sort: 'occurredAt', firstOrder: 'desc' },
  { label: 'Who', sort: 'actor' },
  { label: 'Action', sort: 'action' },
  // The module over the item's name (as Admins show the e-mail under the name), sorted by the module:
  // one column fewer is what lets the log fit 1024 px.
  { label: 'Module and item', sort: 'module' },
  { label: 'Changes' },
];

interface AuditTableProps {
  entries: AuditLogEntry[];
  onOpen: (entry: AuditLogEntry) => void;
  sort: SortState<Sort> | undefined;
  onSort: (next: SortState<Sort>) => void;
}

function AuditTable({ entries, onOpen, sort, onSort }: AuditTableProps) {
  return (
    <HTMLTable striped interactive className="audit-table" aria-label="Activity log">
      <TableHead columns={COLUMNS} sort={sort} onSort={onSort} />
      <tbody>
        {entries.map((entry) => (
          <tr
            key={entry.id}
            data-testid="audit-row"
            tabIndex={0}
            aria-label={`${actionLabel(entry.action)} in ${moduleLabel(entry.module)}: ${itemLabel(entry)}, open details`}
            onClick={() => onOpen(entry)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              onOpen(entry);
            }}
          >
            <td>
              <DateTimeLines at={entry.occurredAt} text={formatAdminDate(entry.occurredAt)} />
            </td>
            <td className="cell-flexible">
              <OneLine text={entry.actorEmail ?? '—'} />
            </td>
            <td>{actionLabel(entry.action)}</td>
            <td className="cell-flexible">
              <OneLine className="muted" text={moduleLabel(entry.module)} />
              <OneLine text={itemLabel(entry)} />
            </td>
            <td className="audit-summary">{changeSummary(entry)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export default function AuditPage() {
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  // Every write adds entries: the log is read fresh each time it is opened.
  const { list, query, sort, setSort } = useAdminList('audit', { filter: filterOf, staleTime: 0 });
  const filter = filterOf(list);
  const entries = query.data?.entries ?? [];
  // The view is always there: a filter is anything else.
  const filtered = Object.keys(filter).some((key) => key !== 'view');
  const everything = filter.view === 'everything';

  return (
    <>
      <PageHeader
        title="Activity log"
        summary={
          everything
            ? 'Every change made in the console and every sign-in and account event.'
            : 'Every change made in the console. Sign-ins and other account events show under Show: Everything.'
        }
        actions={<ExportButton filter={filter} />}
      />
      <Filters list={list} />
      <ListStates
        query={query}
        loadError="Failed to load the activity log"
        isEmpty={entries.length === 0}
        empty={
          filtered
            ? 'No activity matches the filters.'
            : everything
              ? 'No activity recorded yet.'
              : 'No changes recorded yet.'
        }
      >
        <div className="table-scroll">
          <AuditTable entries={entries} onOpen={setOpen} sort={sort} onSort={setSort} />
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
