/**
 * An activity's waitlist on the attendees screen (issue 58): who waits, first in line first, and who
 * has a place offered to them until when, paged like the attendees above it (the dialog's own paging,
 * so the two lists page apart). The server offers freed places by itself; staff only read.
 */
import { HTMLTable, Tag } from '@blueprintjs/core';
import { formatAdminDate, PAGE_SIZES, type Activity } from '@npo/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { ListPager, useDialogList } from '../../ui/ListControls';
import { ListStates } from '../../ui/ListStates';

export function WaitlistSection({ activity }: { activity: Activity }) {
  const list = useDialogList(PAGE_SIZES.registrations);
  const { params } = list;
  const query = useQuery({
    queryKey: [...queryKeys.activities, activity.id, 'waitlist', params],
    queryFn: () => api.admin.activities.waitlist(activity.id, params),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.waitlist ?? [];
  const total = query.data?.pagination.total ?? activity.waitlisted;
  return (
    <section className="waitlist-section" aria-labelledby={`waitlist-${activity.id}`}>
      <h3 id={`waitlist-${activity.id}`} className="waitlist-title">
        Waitlist ({total})
      </h3>
      <ListStates
        query={query}
        loadError="Failed to load the waitlist"
        isEmpty={rows.length === 0}
        empty="No one is waiting."
      >
        <HTMLTable compact striped className="attendees-table" aria-label="Waitlist">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Joined (UTC)</th>
              <th scope="col">Place offered</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.userId}>
                <td>{entry.position}</td>
                <td>{entry.name}</td>
                <td>
                  <a href={`mailto:${entry.email}`}>{entry.email}</a>
                </td>
                <td>
                  <time dateTime={entry.joinedAt}>{formatAdminDate(entry.joinedAt)}</time>
                </td>
                <td>
                  {entry.offerExpiresAt ? (
                    <Tag intent="warning" minimal>
                      Until {formatAdminDate(entry.offerExpiresAt)}
                    </Tag>
                  ) : (
                    'Waiting'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </ListStates>
      <ListPager
        list={list}
        pagination={query.data?.pagination}
        noun={['person in line', 'people in line']}
        label="Waitlist pages"
      />
    </section>
  );
}
