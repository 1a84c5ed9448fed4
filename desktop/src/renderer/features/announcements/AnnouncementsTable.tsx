/** The announcements list: subject (opens it), state, audience, recipients, time sent or scheduled, sender. */
import { Button, HTMLTable, Tag, type Intent } from '@blueprintjs/core';
import { ANNOUNCEMENT_AUDIENCE_LABELS, formatAdminDate, type Announcement, type AnnouncementState } from '@npo/shared';
import { DateTimeLines } from '../../ui/DateTimeLines';
import { formatLocalDateTime } from '../../ui/dates';
import { OneLine } from '../../ui/OneLine';
import { TableHead, type TableColumn } from '../../ui/TableHead';

const STATE_LABELS: Record<AnnouncementState, string> = { draft: 'Draft', scheduled: 'Scheduled', sent: 'Sent' };
const STATE_INTENTS: Record<AnnouncementState, Intent> = { draft: 'none', scheduled: 'primary', sent: 'success' };

export function StateTag({ item }: { item: Announcement }) {
  return (
    <Tag intent={STATE_INTENTS[item.state]} minimal>
      {STATE_LABELS[item.state]}
    </Tag>
  );
}

const COLUMNS: TableColumn<never>[] = [
  { label: 'Subject' },
  { label: 'State' },
  { label: 'Audience' },
  { label: 'Recipients' },
  { label: 'Sent or scheduled' },
  { label: 'Sender' },
];

function When({ item }: { item: Announcement }) {
  if (item.sentAt) return <DateTimeLines at={item.sentAt} text={formatAdminDate(item.sentAt)} />;
  if (item.state === 'scheduled' && item.scheduledAt) {
    return <DateTimeLines at={item.scheduledAt} text={formatLocalDateTime(item.scheduledAt)} />;
  }
  return <>—</>;
}

export function AnnouncementsTable({ items, onOpen }: { items: Announcement[]; onOpen: (item: Announcement) => void }) {
  return (
    // Its own class: the members table's style is in the Members screen's stylesheet, loaded only
    // once that screen is, so the list took its content's width here (an empty band on its right).
    <HTMLTable striped className="announcements-table" aria-label="Announcements">
      <TableHead columns={COLUMNS} />
      <tbody>
        {items.map((item) => (
          <tr key={item.id} data-testid="announcement-row" data-state={item.state}>
            <td>
              <Button variant="minimal" text={item.subject} onClick={() => onOpen(item)} />
            </td>
            <td>
              <StateTag item={item} />
            </td>
            <td>{ANNOUNCEMENT_AUDIENCE_LABELS[item.audience]}</td>
            <td>{item.recipientCount ?? '—'}</td>
            <td>
              <When item={item} />
            </td>
            <td className="cell-flexible">
              <OneLine text={item.sentByEmail ?? '—'} />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
