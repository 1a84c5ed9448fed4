/** The mark of an item shown from the outbox: created on this computer, not on the server yet. */
import { Tag } from '@blueprintjs/core';
import { isWaitingToSync } from './optimistic';

export function WaitingTag({ item }: { item: unknown }) {
  if (!isWaitingToSync(item)) return null;
  return (
    <Tag minimal intent="primary" icon="time" data-testid="waiting-tag">
      Waiting to sync
    </Tag>
  );
}
