/**
 * The mail queue (issue 25 item 2, super admins only): every mail the site sends, newest first,
 * searched by recipient and filtered by state and kind in the URL. A failed mail can be retried (the
 * server's worker sends it next) or discarded. The subject opens the mail's detail (`?mail=ID`, issue
 * 55 item 10), whose body the server shows with the tokens of its links hidden.
 */
import { FormGroup, HTMLSelect, HTMLTable, MenuItem, Tag } from '@blueprintjs/core';
import {
  ROUTES,
  changeOf,
  formatAdminDate,
  MAIL_KIND_LABELS,
  MAIL_KINDS,
  MAIL_STATE_LABELS,
  MAIL_STATES,
  type MailKind,
  type MailQueueFilter,
  type MailQueueItem,
  type MailQueueSort,
  type MailState,
} from '@npo/shared';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAdminList } from '../../data/useAdminList';
import { useAdminMutation } from '../../data/useAdminMutation';
import { useConfirm } from '../../ui/ConfirmProvider';
import { DateTimeLines } from '../../ui/DateTimeLines';
import { ListPager, ListSearch, type PagedList } from '../../ui/ListControls';
import { ListStates } from '../../ui/ListStates';
import { OneLine } from '../../ui/OneLine';
import { PageHeader } from '../../ui/PageHeader';
import { RowMenu } from '../../ui/RowMenu';
import { TableHead, type SortState, type TableColumn } from '../../ui/TableHead';
import { MailDialog } from './MailDialog';
import { STATE_INTENTS } from './mail-states';

/** While a mail on screen waits or is being sent, the list looks again this often to show how it went. */
const FOLLOW_MS = 5000;

const isState = (value: string | null): value is MailState => MAIL_STATES.some((state) => state === value);
const isKind = (value: string | null): value is MailKind => MAIL_KINDS.some((kind) => kind === value);

/** The URL's filters as the API takes them: the search box (`q`) is part of the recipient. */
function filterOf(list: PagedList): MailQueueFilter {
  const state = list.param('state');
  const kind = list.param('kind');
  return {
    ...(list.q && { recipient: list.q }),
    ...(isState(state) && { state }),
    ...(isKind(kind) && { kind }),
  };
}

/** The open mail's detail is in the URL (`?mail=ID`): the subject is a link, Back closes it. */
function useOpenMail() {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = Number(searchParams.get('mail'));
  const linkTo = (mail: MailQueueItem) => {
    const next = new URLSearchParams(searchParams);
    next.set('mail', String(mail.id));
    return { search: `?${next.toString()}` };
  };
  const close = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('mail');
    setSearchParams(next);
  };
  return { openId: Number.isSafeInteger(id) && id > 0 ? id : null, linkTo, close };
}

function Filters({ list, filter }: { list: PagedList; filter: MailQueueFilter }) {
  const id = useId();
  const select = (name: 'state' | 'kind', label: string, labels: Record<string, string>) => (
    <FormGroup label={label} labelFor={`${id}-${name}`}>
      <HTMLSelect
        id={`${id}-${name}`}
        value={filter[name] ?? ''}
        onChange={(event) => list.setParam(name, event.currentTarget.value || null)}
        options={[
          { value: '', label: 'All' },
          ...Object.entries(labels).map(([value, text]) => ({ value, label: text })),
        ]}
      />
    </FormGroup>
  );
  return (
    <div className="audit-filters">
      {/* The search box names itself (aria-label); this is its visible caption. */}
      <div className="bp6-form-group">
        <span className="bp6-label" aria-hidden>
          Recipient
        </span>
        <ListSearch list={list} label="Search by recipient" placeholder="Part of the e-mail address" />
      </div>
      {select('state', 'State', MAIL_STATE_LABELS)}
      {select('kind', 'Kind', MAIL_KIND_LABELS)}
    </div>
  );
}

function useMailActions() {
  const confirm = useConfirm();
  const retry = useAdminMutation<MailQueueItem>({
    change: (mail) => ({
      ...changeOf(ROUTES.mail.retry, { params: { id: mail.id } }),
      label: `Retry the mail to ${mail.recipient}`,
    }),
    success: 'Mail queued to be sent again',
    failure: 'Failed to retry the mail',
  });
  const discard = useAdminMutation<MailQueueItem>({
    change: (mail) => ({
      ...changeOf(ROUTES.mail.discard, { params: { id: mail.id }, revision: mail.revision }),
      label: `Discard the mail to ${mail.recipient}`,
    }),
    success: 'Mail discarded',
    failure: 'Failed to discard the mail',
  });
  async function confirmDiscard(mail: MailQueueItem) {
    const sure = await confirm({
      message: 'Are you sure you want to discard this mail? It will not be sent.',
      details: `${MAIL_KIND_LABELS[mail.kind]} to ${mail.recipient}`,
      confirmText: 'Discard',
      intent: 'danger',
      icon: 'trash',
    });
    if (sure) discard.mutate(mail);
  }
  const busy = (mail: MailQueueItem) =>
    (retry.isPending && retry.variables?.id === mail.id) || (discard.isPending && discard.variables?.id === mail.id);
  return { retry: (mail: MailQueueItem) => retry.mutate(mail), discard: confirmDiscard, busy };
}

type Sort = NonNullable<MailQueueSort>;

const COLUMNS: TableColumn<Sort>[] = [
  // The subject under the recipient (as the Activity log shows the item under its module), sorted by
  // the recipient: a column of its own would push the table past 1024 px.
  { label: 'Recipient and subject', sort: 'recipient' },
  { label: 'Kind', sort: 'kind' },
  { label: 'State', sort: 'state' },
  { label: 'Tries', sort: 'attempts', firstOrder: 'desc' },
  { label: 'Last error' },
  { label: 'Queued', sort: 'createdAt', firstOrder: 'desc' },
  { label: 'Next try or sent' },
  { label: 'Actions', look: 'hidden' },
];

interface MailTableProps {
  mails: MailQueueItem[];
  sort: SortState<Sort> | undefined;
  onSort: (next: SortState<Sort>) => void;
  detailLink: (mail: MailQueueItem) => { search: string };
}

function MailTable({ mails, sort, onSort, detailLink }: MailTableProps) {
  const actions = useMailActions();
  return (
    <HTMLTable compact striped className="admins-table mail-table" aria-label="Mails">
      <TableHead columns={COLUMNS} sort={sort} onSort={onSort} />
      <tbody>
        {mails.map((mail) => (
          <tr key={mail.id} data-testid="mail-row" data-state={mail.state}>
            <td className="cell-flexible">
              <OneLine text={mail.recipient} />
              <Link
                to={detailLink(mail)}
                className="one-line"
                title={mail.subject}
                aria-label={`${mail.subject}, open the mail to ${mail.recipient}`}
              >
                {mail.subject}
              </Link>
            </td>
            <td>{MAIL_KIND_LABELS[mail.kind] ?? mail.kind}</td>
            <td className="nowrap">
              <Tag intent={STATE_INTENTS[mail.state]} minimal={mail.state !== 'failed'}>
                {MAIL_STATE_LABELS[mail.state] ?? mail.state}
              </Tag>
            </td>
            <td>{mail.attempts}</td>
            <td className="cell-flexible">{mail.lastError ? <OneLine text={mail.lastError} /> : '—'}</td>
            <td>
              <DateTimeLines at={mail.createdAt} text={formatAdminDate(mail.createdAt)} />
            </td>
            <td>
              {mail.sentAt ? (
                <>
                  Sent <DateTimeLines at={mail.sentAt} text={formatAdminDate(mail.sentAt)} />
                </>
              ) : mail.state === 'failed' ? (
                '—'
              ) : (
                <DateTimeLines at={mail.nextAttemptAt} text={formatAdminDate(mail.nextAttemptAt)} />
              )}
            </td>
            <td className="cell-actions">
              {mail.state === 'failed' && (
                // Behind one button: two labelled buttons per failed row would push the table past 1024 px.
                <RowMenu label={`Actions for the mail to ${mail.recipient}`}>
                  <MenuItem
                    icon="refresh"
                    text="Retry"
                    disabled={actions.busy(mail)}
                    onClick={() => actions.retry(mail)}
                  />
                  <MenuItem
                    icon="trash"
                    intent="danger"
                    text="Discard"
                    disabled={actions.busy(mail)}
                    onClick={() => void actions.discard(mail)}
                  />
                </RowMenu>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

export default function MailPage() {
  const { list, query, filter, sort, setSort } = useAdminList('mail', {
    filter: filterOf,
    // The worker changes mails all the time: read fresh on each visit, and followed while one is on its way.
    staleTime: 0,
    refetchInterval: (data) =>
      data?.mails.some((mail) => mail.state === 'queued' || mail.state === 'sending') ? FOLLOW_MS : false,
  });
  const mails = query.data?.mails ?? [];
  const filtered = Object.keys(filter ?? {}).length > 0;
  const { openId, linkTo, close } = useOpenMail();

  return (
    <>
      <PageHeader
        title="Mail"
        summary="Every mail the site sends: invitations, password resets and notices. Open a subject to read the mail; a failed mail can be sent again or discarded."
      />
      <Filters list={list} filter={filterOf(list)} />
      <ListStates
        query={query}
        loadError="Failed to load the mail queue"
        isEmpty={mails.length === 0}
        empty={filtered ? 'No mail matches the filters.' : 'No mail sent yet.'}
      >
        <div className="table-scroll">
          <MailTable mails={mails} sort={sort} onSort={setSort} detailLink={linkTo} />
        </div>
      </ListStates>
      <ListPager list={list} pagination={query.data?.pagination} noun={['mail', 'mails']} label="Mail pages" />
      {openId !== null && <MailDialog id={openId} onClose={close} />}
    </>
  );
}
