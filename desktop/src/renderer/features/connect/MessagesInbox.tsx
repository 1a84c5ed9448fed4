/** Messages sent through the public contact form (DESIGN: kept and read here, under Connect). */
import { Button, Card, Tag } from '@blueprintjs/core';
import { formatAdminDate, PAGE_SIZES, type ContactMessage } from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useAdminMutation } from '../../data/useAdminMutation';
import type { ModuleAccess } from '../../data/useModuleAccess';
import { useConfirm } from '../../ui/ConfirmProvider';
import { ListStates } from '../../ui/ListStates';

export function useContactMessages(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.contactMessages,
    queryFn: () => api.admin.contactMessages.list({ page: 1, limit: PAGE_SIZES.messages }),
    enabled,
  });
}

interface MessageCardProps {
  message: ContactMessage;
  access: ModuleAccess;
  markingRead: boolean;
  onMarkRead: () => void;
  onDelete: () => void;
}

function MessageCard({ message, access, markingRead, onMarkRead, onDelete }: MessageCardProps) {
  return (
    <Card className={`item-card${message.isRead ? '' : ' item-card-unread'}`} data-testid="message-card">
      <div className="item-head">
        <div className="item-title-row">
          <h2 className="item-title">{message.name}</h2>
          {!message.isRead && <Tag intent="primary">Unread</Tag>}
        </div>
        <div className="item-actions">
          {access.canEdit && !message.isRead && (
            <Button icon="eye-open" variant="minimal" text="Mark as read" loading={markingRead} onClick={onMarkRead} />
          )}
          {access.canDelete && (
            <Button icon="trash" variant="minimal" intent="danger" text="Delete" onClick={onDelete} />
          )}
        </div>
      </div>
      <p className="item-meta">
        <a href={`mailto:${message.email}`}>{message.email}</a> · <a href={`tel:${message.phone}`}>{message.phone}</a> ·{' '}
        {formatAdminDate(message.createdAt)}
      </p>
      <p className="message-text">{message.message}</p>
    </Card>
  );
}

export function MessagesInbox({ access }: { access: ModuleAccess }) {
  const query = useContactMessages(access.canView);
  const confirm = useConfirm();
  const markRead = useAdminMutation<ContactMessage>({
    change: (message) => ({
      method: 'PATCH',
      path: `/admin/contact-messages/${message.id}/read`,
      revision: message.revision,
      label: `Mark the message from ${message.name} as read`,
    }),
    invalidates: [queryKeys.contactMessages],
    failure: 'Failed to mark the message as read',
  });
  const remove = useAdminMutation<ContactMessage>({
    change: (message) => ({
      method: 'DELETE',
      path: `/admin/contact-messages/${message.id}`,
      revision: message.revision,
      label: `Delete the message from ${message.name}`,
    }),
    invalidates: [queryKeys.contactMessages],
    success: 'Message deleted',
    failure: 'Failed to delete message',
  });

  async function confirmDelete(message: ContactMessage) {
    if (await confirm({ message: 'Are you sure you want to delete this message?' })) remove.mutate(message);
  }

  const messages = query.data?.messages ?? [];
  const total = query.data?.pagination.total ?? 0;
  return (
    <section aria-label="Contact messages">
      <div className="section-toolbar">
        {query.isSuccess && (
          <p className="section-count">
            {total} {total === 1 ? 'message' : 'messages'} · <strong>{query.data.unread} unread</strong>
          </p>
        )}
      </div>
      <ListStates
        query={query}
        loadError="Failed to load messages"
        isEmpty={messages.length === 0}
        empty="No messages yet. Messages sent through the contact form on the site appear here."
      >
        <ul className="item-list" aria-label="Messages">
          {messages.map((message) => (
            <li key={message.id}>
              <MessageCard
                message={message}
                access={access}
                markingRead={markRead.isPending && markRead.variables?.id === message.id}
                onMarkRead={() => markRead.mutate(message)}
                onDelete={() => void confirmDelete(message)}
              />
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
