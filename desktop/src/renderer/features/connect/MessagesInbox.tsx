/**
 * Messages sent through the public contact form (DESIGN: kept and read here, under Connect). Each is
 * new, read, replied or archived (issue 10): opening one marks it read, Reply hands it to the staff
 * member's mail program and marks it replied, and archived messages leave the default view.
 */
import { AnchorButton, Button, Card, FormGroup, HTMLSelect, Tag } from '@blueprintjs/core';
import {
  ROUTES,
  changeOf,
  formatAdminDate,
  type CONTACT_MESSAGE_SORTS,
  type ContactMessage,
  type ContactMessageFilter,
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
import { replyMailto } from './reply-link';

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

/** The states staff set (a message is held as spam only by the server). */
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
      return message.state === 'archived' ? 'Message moved back to the inbox' : `Message marked as ${state}`;
    },
    failure: 'Failed to update the message',
  });
}

interface MessageCardProps {
  message: ContactMessage;
  access: ModuleAccess;
  /** The state change under way for this message, if any. */
  changing: ContactMessageState | undefined;
  onState: (state: StaffState) => void;
  onDelete: () => void;
}

function MessageActions({ message, access, changing, onState, onDelete }: MessageCardProps) {
  const archived = message.state === 'archived';
  return (
    <div className="item-actions">
      {access.canEdit && message.state === 'new' && (
        <Button
          icon="eye-open"
          variant="minimal"
          text="Mark as read"
          loading={changing === 'read'}
          onClick={() => onState('read')}
        />
      )}
      {/* A link, so the mail program opens from the click itself; marking it replied goes alongside. */}
      <AnchorButton
        icon="envelope"
        variant="minimal"
        text="Reply"
        href={replyMailto(message)}
        loading={changing === 'replied'}
        onClick={() => access.canEdit && message.state !== 'replied' && onState('replied')}
      />
      {access.canEdit && (
        <Button
          icon={archived ? 'unarchive' : 'archive'}
          variant="minimal"
          text={archived ? 'Unarchive' : 'Archive'}
          loading={changing === 'archived' || (archived && changing === 'read')}
          onClick={() => onState(archived ? 'read' : 'archived')}
        />
      )}
      {access.canDelete && <Button icon="trash" variant="minimal" intent="danger" text="Delete" onClick={onDelete} />}
    </div>
  );
}

function MessageCard(props: MessageCardProps) {
  const { message, access, onState } = props;
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const tag = STATE_TAGS[message.state];

  function toggle() {
    // Opening a new message is reading it; without edit rights it is only shown.
    if (!open && message.state === 'new' && access.canEdit) onState('read');
    setOpen(!open);
  }

  return (
    <Card
      className={`item-card${message.state === 'new' ? ' item-card-unread' : ''}`}
      data-testid="message-card"
      data-state={message.state}
    >
      <div className="item-head">
        <div className="item-title-row">
          <h2 className="item-title">
            <button
              type="button"
              className="message-toggle"
              aria-expanded={open}
              aria-controls={bodyId}
              onClick={toggle}
            >
              {message.name}
            </button>
          </h2>
          {tag && <Tag intent={tag.intent}>{tag.text}</Tag>}
        </div>
        <MessageActions {...props} />
      </div>
      <p className="item-meta">
        <a href={`mailto:${message.email}`}>{message.email}</a> · <a href={`tel:${message.phone}`}>{message.phone}</a> ·{' '}
        {formatAdminDate(message.createdAt)}
      </p>
      <p id={bodyId} className={open ? 'message-text' : 'message-preview'}>
        {message.message}
      </p>
    </Card>
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
      <ListStates
        query={query}
        loadError="Failed to load messages"
        isEmpty={messages.length === 0}
        empty={list.q ? 'No messages match your search.' : FILTERS.find((option) => option.value === filter)!.empty}
      >
        <ul className="item-list" aria-label="Messages">
          {messages.map((message) => (
            <li key={message.id}>
              <MessageCard
                message={message}
                access={access}
                changing={changing(message)}
                onState={(state) => setState.mutate({ message, state })}
                onDelete={() => void confirmDelete(message)}
              />
            </li>
          ))}
        </ul>
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
