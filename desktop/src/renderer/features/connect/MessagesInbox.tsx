/**
 * Messages sent through the public contact form (DESIGN: kept and read here, under Connect). Each is
 * new, read, replied, archived or held as spam (issue 10): opening one marks it read, and archived and
 * held messages leave the default view. For a busy day (issue 55 item 4) the messages are compact rows,
 * many can be marked or deleted at once (also every one matching the filter), and a reply is written
 * here and sent by the server's mail queue; the message becomes replied once that mail went out.
 */
import { Button, Checkbox, FormGroup, HTMLSelect, HTMLTable, Tag } from '@blueprintjs/core';
import {
  ROUTES,
  changeOf,
  formatAdminDate,
  phoneText,
  type CONTACT_MESSAGE_SORTS,
  type ContactMessage,
  type ContactMessageBulkAction,
  type ContactMessageFilter,
  type ContactMessagesBulkResult,
  type ContactMessageState,
  type ContactMessageStateInput,
} from '@npo/shared';
import { useId, useState } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { useAdminList } from '../../data/useAdminList';
import { useAdminMutation } from '../../data/useAdminMutation';
import type { ModuleAccess } from '../../data/useModuleAccess';
import { useConfirm } from '../../ui/ConfirmProvider';
import { saveDownload } from '../../ui/download';
import { ListPager, ListSearch, type PagedList } from '../../ui/ListControls';
import { ListStates } from '../../ui/ListStates';
import { SortControl } from '../../ui/SortControl';
import type { TableColumn } from '../../ui/TableHead';
import { notifyFailure } from '../../ui/toaster';
import { OneLine } from '../../ui/OneLine';
import { MessageReplies } from './MessageReplies';

const FILTERS: { value: ContactMessageFilter; label: string; empty: string }[] = [
  {
    value: 'active',
    label: 'Inbox',
    empty: 'No messages yet. Messages sent through the contact form on the site appear here.',
  },
  { value: 'new', label: 'Unread', empty: 'No unread messages.' },
  { value: 'read', label: 'Read', empty: 'No read messages waiting for a reply.' },
  { value: 'replied', label: 'Replied', empty: 'No replied messages.' },
  { value: 'archived', label: 'Archived', empty: 'No archived messages.' },
  {
    value: 'spam',
    label: 'Possible spam',
    empty: 'No messages held. Messages sent while the form is flooded are held here instead of the inbox.',
  },
];

const STATE_TAGS: Partial<Record<ContactMessageState, { text: string; intent: 'primary' | 'success' | 'none' }>> = {
  new: { text: 'Unread', intent: 'primary' },
  replied: { text: 'Replied', intent: 'success' },
  archived: { text: 'Archived', intent: 'none' },
  spam: { text: 'Possible spam', intent: 'none' },
};

const isFilter = (value: string | null): value is ContactMessageFilter =>
  FILTERS.some((option) => option.value === value);

function filterOf(list: PagedList): ContactMessageFilter {
  const state = list.param('state');
  return isFilter(state) ? state : 'active';
}

/** The messages of the filter and search on screen, all pages, for a spreadsheet. */
function ExportButton({ filter, q }: { filter: ContactMessageFilter; q: string }) {
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      saveDownload(await api.admin.contactMessages.exportCsv(filter, q), `contact-messages-${filter}.csv`);
    } catch (error) {
      notifyFailure(describeError(error, 'Failed to export the messages'));
    } finally {
      setBusy(false);
    }
  };
  return <Button icon="download" text="Export CSV" loading={busy} onClick={() => void exportCsv()} />;
}

/** The states staff set (replied is the mail queue's to set, once a reply went out). */
type StaffState = ContactMessageStateInput['state'];

interface StateChange {
  message: ContactMessage;
  state: StaffState;
}

function useMessageState() {
  return useAdminMutation<StateChange>({
    change: ({ message, state }) => ({
      ...changeOf(ROUTES.contactMessages.setState, {
        params: { id: message.id },
        body: { state },
        revision: message.revision,
      }),
      label: `Mark the message from ${message.name} as ${state}`,
    }),
    success: (_result, { message, state }) => {
      if (state === 'archived') return 'Message archived';
      if (state === 'spam') return 'Message moved to possible spam';
      if (state === 'new') return 'Message marked as unread';
      return message.state === 'archived' || message.state === 'spam'
        ? 'Message moved back to the inbox'
        : `Message marked as ${state}`;
    },
    failure: 'Failed to update the message',
  });
}

/** What the bulk bar does to the messages selected (issue 55 item 4). */
interface BulkChange {
  action: ContactMessageBulkAction;
  target: { ids: number[] } | { matching: { state: ContactMessageFilter; q?: string } };
  /** How many messages the staff member chose, for the outbox's label. */
  count: number;
}

const BULK_DONE: Record<ContactMessageBulkAction, string> = {
  read: 'marked as read',
  unread: 'marked as unread',
  spam: 'moved to possible spam',
  archived: 'archived',
  delete: 'deleted',
};

const messagesText = (count: number) => `${count} ${count === 1 ? 'message' : 'messages'}`;

function useBulkChange() {
  return useAdminMutation<BulkChange, ContactMessagesBulkResult>({
    change: ({ action, target, count }) => ({
      ...changeOf(ROUTES.contactMessages.bulk, { body: { action, ...target } }),
      label: `${messagesText(count)} ${BULK_DONE[action]}`,
    }),
    success: (result, { action }) => `${messagesText(result.changed)} ${BULK_DONE[action]}`,
    failure: 'Failed to update the messages',
  });
}

interface MessageRowProps {
  message: ContactMessage;
  access: ModuleAccess;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** The state change under way for this message, if any. */
  changing: ContactMessageState | undefined;
  onState: (state: StaffState) => void;
  onDelete: () => void;
}

function MessageActions({ message, access, changing, onState, onDelete }: MessageRowProps) {
  const archived = message.state === 'archived';
  const held = message.state === 'spam';
  return (
    <div className="item-actions">
      {access.canEdit && (
        <>
          {message.state === 'new' ? (
            <Button
              icon="eye-open"
              variant="minimal"
              text="Mark as read"
              loading={changing === 'read'}
              onClick={() => onState('read')}
            />
          ) : (
            <Button
              icon="eye-off"
              variant="minimal"
              text="Mark as unread"
              loading={changing === 'new'}
              onClick={() => onState('new')}
            />
          )}
          <Button
            icon={archived ? 'unarchive' : 'archive'}
            variant="minimal"
            text={archived ? 'Unarchive' : 'Archive'}
            loading={changing === 'archived' || (archived && changing === 'read')}
            onClick={() => onState(archived ? 'read' : 'archived')}
          />
          <Button
            icon={held ? 'inbox' : 'ban-circle'}
            variant="minimal"
            text={held ? 'Not spam' : 'Spam'}
            loading={changing === 'spam' || (held && changing === 'read')}
            onClick={() => onState(held ? 'read' : 'spam')}
          />
        </>
      )}
      {access.canDelete && <Button icon="trash" variant="minimal" intent="danger" text="Delete" onClick={onDelete} />}
    </div>
  );
}

/** Name, e-mail, first line and date on one compact row; the name opens the whole message under it. */
function MessageRow(props: MessageRowProps) {
  const { message, access, onState, selected, onSelect } = props;
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const tag = STATE_TAGS[message.state];
  const canSelect = access.canEdit || access.canDelete;

  function toggle() {
    // Opening a new message is reading it; without edit rights it is only shown.
    if (!open && message.state === 'new' && access.canEdit) onState('read');
    setOpen(!open);
  }

  return (
    <>
      <tr
        className={`message-row${message.state === 'new' ? ' message-row-unread' : ''}${selected ? ' message-row-selected' : ''}`}
        data-testid="message-row"
        data-state={message.state}
      >
        {canSelect && (
          <td className="cell-select">
            <Checkbox
              className="table-switch"
              checked={selected}
              aria-label={`Select the message from ${message.name}`}
              onChange={(event) => onSelect(event.currentTarget.checked)}
            />
          </td>
        )}
        <td className="cell-flexible message-from">
          <button
            type="button"
            className="message-toggle"
            aria-expanded={open}
            aria-controls={detailId}
            onClick={toggle}
          >
            <OneLine text={message.name} />
          </button>
        </td>
        <td className="cell-flexible">
          <OneLine text={message.email} className="muted" />
        </td>
        <td className="message-snippet">
          <OneLine text={message.message} className="muted" />
        </td>
        <td className="nowrap">
          <time dateTime={message.createdAt}>{formatAdminDate(message.createdAt)}</time>
        </td>
        <td className="cell-state">{tag && <Tag intent={tag.intent}>{tag.text}</Tag>}</td>
      </tr>
      {open && (
        <tr className="message-detail-row" id={detailId} data-testid="message-detail">
          <td colSpan={canSelect ? 6 : 5}>
            <div className="item-head">
              <p className="item-meta">
                <a href={`mailto:${message.email}`}>{message.email}</a> ·{' '}
                <a href={`tel:${message.phone}`}>{phoneText(message.phone)}</a> · {formatAdminDate(message.createdAt)}
              </p>
              <MessageActions {...props} />
            </div>
            <p className="message-text">{message.message}</p>
            <MessageReplies message={message} canReply={access.canEdit} />
          </td>
        </tr>
      )}
    </>
  );
}

/**
 * The selection of a page: some rows, or (once every row of the page is chosen) every message the
 * filter and search match, on all pages.
 */
interface Selection {
  ids: ReadonlySet<number>;
  allMatching: boolean;
}

const NOTHING_SELECTED: Selection = { ids: new Set(), allMatching: false };

interface BulkBarProps {
  access: ModuleAccess;
  filter: ContactMessageFilter;
  q: string;
  messages: ContactMessage[];
  total: number;
  selection: Selection;
  onSelection: (selection: Selection) => void;
}

function BulkBar({ access, filter, q, messages, total, selection, onSelection }: BulkBarProps) {
  const bulk = useBulkChange();
  const confirm = useConfirm();
  const count = selection.allMatching ? total : selection.ids.size;
  const wholePage = messages.length > 0 && messages.every((message) => selection.ids.has(message.id));
  // Archived and held messages go back to the inbox when marked read.
  const readLabel = filter === 'archived' || filter === 'spam' ? 'Move to inbox' : 'Mark read';

  async function run(action: ContactMessageBulkAction) {
    if (
      action === 'delete' &&
      !(await confirm({
        message: `Delete ${messagesText(count)}? This cannot be undone.`,
        confirmText: 'Delete',
        intent: 'danger',
      }))
    )
      return;
    const target = selection.allMatching
      ? { matching: { state: filter, ...(q && { q }) } }
      : { ids: [...selection.ids] };
    bulk.mutate({ action, target, count }, { onSuccess: () => onSelection(NOTHING_SELECTED) });
  }

  const busy = (action: ContactMessageBulkAction) => bulk.isPending && bulk.variables?.action === action;
  const none = count === 0 || bulk.isPending;
  return (
    <div className="bulk-bar" role="toolbar" aria-label="Selected messages">
      <Checkbox
        className="table-switch"
        checked={wholePage}
        indeterminate={!wholePage && selection.ids.size > 0}
        label="Select page"
        onChange={(event) =>
          onSelection(
            event.currentTarget.checked
              ? { ids: new Set(messages.map((message) => message.id)), allMatching: false }
              : NOTHING_SELECTED,
          )
        }
      />
      <span className="bulk-count" aria-live="polite">
        {count === 0
          ? 'None selected'
          : selection.allMatching
            ? `All ${messagesText(count)} selected`
            : `${count} selected`}
      </span>
      {wholePage && !selection.allMatching && total > messages.length && (
        <Button
          size="small"
          variant="minimal"
          intent="primary"
          text={`Select all ${total} matching`}
          onClick={() => onSelection({ ...selection, allMatching: true })}
        />
      )}
      {access.canEdit && (
        <>
          <Button
            size="small"
            icon="eye-open"
            text={readLabel}
            disabled={none}
            loading={busy('read')}
            onClick={() => void run('read')}
          />
          <Button
            size="small"
            icon="eye-off"
            text="Mark unread"
            disabled={none}
            loading={busy('unread')}
            onClick={() => void run('unread')}
          />
          {filter !== 'spam' && (
            <Button
              size="small"
              icon="ban-circle"
              text="Spam"
              disabled={none}
              loading={busy('spam')}
              onClick={() => void run('spam')}
            />
          )}
          {filter !== 'archived' && (
            <Button
              size="small"
              icon="archive"
              text="Archive"
              disabled={none}
              loading={busy('archived')}
              onClick={() => void run('archived')}
            />
          )}
        </>
      )}
      {access.canDelete && (
        <Button
          size="small"
          icon="trash"
          intent="danger"
          text="Delete"
          disabled={none}
          loading={busy('delete')}
          onClick={() => void run('delete')}
        />
      )}
      {count > 0 && (
        <Button size="small" variant="minimal" text="Clear selection" onClick={() => onSelection(NOTHING_SELECTED)} />
      )}
    </div>
  );
}

type Sort = (typeof CONTACT_MESSAGE_SORTS)[number];

const SORTS: (TableColumn<Sort> & { sort: Sort })[] = [
  { label: 'Received', sort: 'createdAt', firstOrder: 'desc' },
  { label: 'Name', sort: 'name' },
  { label: 'E-mail', sort: 'email' },
  { label: 'State', sort: 'state' },
];

export function MessagesInbox({ access }: { access: ModuleAccess }) {
  // The state shown, the page and the search live in the URL, so reload, Back and a link keep them.
  const { list, query, sort, setSort } = useAdminList('contactMessages', {
    filter: (paged) => ({ state: filterOf(paged) }),
    enabled: access.canView,
  });
  const filter = filterOf(list);
  const confirm = useConfirm();
  const setState = useMessageState();
  const remove = useAdminMutation<ContactMessage>({
    change: (message) => ({
      ...changeOf(ROUTES.contactMessages.remove, { params: { id: message.id }, revision: message.revision }),
      label: `Delete the message from ${message.name}`,
    }),
    success: 'Message deleted',
    failure: 'Failed to delete message',
  });

  async function confirmDelete(message: ContactMessage) {
    if (await confirm({ message: 'Are you sure you want to delete this message?' })) remove.mutate(message);
  }

  const filterId = useId();
  const messages = query.data?.messages ?? [];
  const total = query.data?.pagination.total ?? 0;
  const canSelect = access.canEdit || access.canDelete;
  // A selection belongs to the page, filter and search it was made on.
  const [selection, setSelection] = useState<Selection>(NOTHING_SELECTED);
  const selectionPlace = `${filter}|${list.q}|${list.page}`;
  const [place, setPlace] = useState(selectionPlace);
  if (place !== selectionPlace) {
    setPlace(selectionPlace);
    setSelection(NOTHING_SELECTED);
  }
  function select(id: number, selected: boolean) {
    const ids = new Set(selection.allMatching ? messages.map((message) => message.id) : selection.ids);
    if (selected) ids.add(id);
    else ids.delete(id);
    setSelection({ ids, allMatching: false });
  }
  const changing = (message: ContactMessage) =>
    setState.isPending && setState.variables?.message.id === message.id ? setState.variables.state : undefined;
  return (
    <section aria-label="Contact messages">
      <div className="section-toolbar">
        {query.isSuccess && (
          // The total is under the list, with the pages; only the unread count is up here.
          <p className="section-count">
            <strong>{query.data.unread} unread</strong>
          </p>
        )}
        <FormGroup label="Show" labelFor={filterId} inline className="message-filter">
          <HTMLSelect
            id={filterId}
            value={filter}
            onChange={(event) => {
              const next = event.currentTarget.value;
              list.setParam('state', next === 'active' ? null : next);
            }}
            options={FILTERS.map(({ value, label }) => ({ value, label }))}
          />
        </FormGroup>
        <ListSearch
          list={list}
          label="Search messages by name, e-mail or text"
          placeholder="Search by name, e-mail or text"
        />
        <SortControl columns={SORTS} sort={sort} onSort={setSort} ownOrder="Newest first" />
        <ExportButton filter={filter} q={list.q} />
      </div>
      {canSelect && query.isSuccess && messages.length > 0 && (
        <BulkBar
          access={access}
          filter={filter}
          q={list.q}
          messages={messages}
          total={total}
          selection={selection}
          onSelection={setSelection}
        />
      )}
      <ListStates
        query={query}
        loadError="Failed to load messages"
        isEmpty={messages.length === 0}
        empty={list.q ? 'No messages match your search.' : FILTERS.find((option) => option.value === filter)!.empty}
      >
        <div className="table-scroll">
          <HTMLTable compact className="admins-table messages-table" aria-label="Messages">
            <thead className="table-head">
              <tr>
                {canSelect && <th>Select</th>}
                <th>From</th>
                <th>E-mail</th>
                <th>Message</th>
                <th>Received</th>
                <th>State</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <MessageRow
                  key={message.id}
                  message={message}
                  access={access}
                  selected={selection.allMatching || selection.ids.has(message.id)}
                  onSelect={(selected) => select(message.id, selected)}
                  changing={changing(message)}
                  onState={(state) => setState.mutate({ message, state })}
                  onDelete={() => void confirmDelete(message)}
                />
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </ListStates>
      <ListPager
        list={list}
        pagination={query.data?.pagination}
        noun={['message', 'messages']}
        label="Messages pages"
      />
    </section>
  );
}
