import { Button, ButtonGroup, Card, Icon, Tag } from '@blueprintjs/core';
import {
  ROUTES,
  formatAdminDate,
  formatCpdHours,
  type ACTIVITY_SORTS,
  type Activity,
  type ActivityInput,
  type ActivityStatus,
} from '@npo/shared';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { cachePolicy } from '../../api/cache-policy';
import { queryKeys } from '../../api/query-keys';
import { useAdminList } from '../../data/useAdminList';
import { SortControl } from '../../ui/SortControl';
import type { TableColumn } from '../../ui/TableHead';
import { useCrudMutations } from '../../data/useCrudMutations';
import { useModuleAccess } from '../../data/useModuleAccess';
import { useFormDialog } from '../../ui/form/useFormDialog';
import { ListPager, ListSearch, type PagedList } from '../../ui/ListControls';
import { PageHeader } from '../../ui/PageHeader';
import { ListStates } from '../../ui/ListStates';
import { ActivityForm } from './ActivityForm';
import { AttendeesDialog } from './AttendeesDialog';
import { isWaitingToSync } from '../../offline/optimistic';
import { WaitingTag } from '../../offline/WaitingTag';
import { useOrganisationTimeName } from './organisation-time';

type Filter = 'all' | ActivityStatus;
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
];

function ActivityCard({
  activity,
  zoneName,
  onEdit,
  onDelete,
  onAttendees,
}: {
  activity: Activity;
  /** The organisation's zone, whose wall clock the date is. */
  zoneName: string;
  onAttendees: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  // Created on this computer, not on the server yet: nothing can be done to it until it is.
  const waiting = isWaitingToSync(activity);
  return (
    <Card className="item-card" data-testid="activity-card">
      <div className="item-head">
        <div className="item-title-row">
          <h2 className="item-title">{activity.title}</h2>
          {waiting ? (
            <WaitingTag item={activity} />
          ) : (
            <Tag intent={activity.status === 'upcoming' ? 'primary' : 'none'} minimal={activity.status === 'past'}>
              {activity.status === 'upcoming' ? 'Upcoming' : 'Past'}
            </Tag>
          )}
        </div>
        <div className="item-actions">
          {!waiting && <Button icon="people" variant="minimal" text="Attendees" onClick={onAttendees} />}
          {/* Created on this computer and not on the server yet: editable and deletable, no attendees yet. */}
          {onEdit && <Button icon="edit" variant="minimal" text="Edit" onClick={onEdit} />}
          {onDelete && <Button icon="trash" variant="minimal" intent="danger" text="Delete" onClick={onDelete} />}
        </div>
      </div>
      <p className="item-facts">
        <span>
          <Icon icon="time" size={14} aria-hidden />{' '}
          <time dateTime={activity.date}>{formatAdminDate(activity.date)}</time>{' '}
          <span className="muted">{zoneName}</span>
        </span>
        <span>
          <Icon icon="map-marker" size={14} aria-hidden /> {activity.location}
        </span>
        <span>
          <Icon icon="people" size={14} aria-hidden /> {activity.participants ?? 0}
          {activity.capacity != null && ` / ${activity.capacity}`} registered
          {(activity.waitlisted ?? 0) > 0 && `, ${activity.waitlisted} waitlisted`}
        </span>
        {activity.attended > 0 && (
          <span>
            <Icon icon="tick-circle" size={14} aria-hidden /> {activity.attended} attended
          </span>
        )}
        {activity.cpdHours !== null && (
          <span>
            <Icon icon="learning" size={14} aria-hidden /> {formatCpdHours(activity.cpdHours)} CPD
          </span>
        )}
      </p>
      <p className="clamp-3">{activity.description}</p>
      <div className="tag-row">
        {activity.tags.map((tag) => (
          <Tag key={tag} minimal round>
            {tag}
          </Tag>
        ))}
      </div>
    </Card>
  );
}

function filterOf(list: PagedList): Filter {
  const status = list.param('status');
  return status === 'upcoming' || status === 'past' ? status : 'all';
}

type Sort = (typeof ACTIVITY_SORTS)[number];

const SORTS: (TableColumn<Sort> & { sort: Sort })[] = [
  { label: 'Date', sort: 'date' },
  { label: 'Title', sort: 'title' },
  { label: 'Location', sort: 'location' },
];

export default function ActivitiesPage() {
  const access = useModuleAccess('activities');
  const dialog = useFormDialog<Activity>();
  const [attendeesId, setAttendeesId] = useState<number | null>(null);
  // The status filter, the search and the page are the server's, and in the URL (ui/ListControls.tsx).
  const { list, query, sort, setSort } = useAdminList('activities', {
    filter: (paged) => {
      const chosen = filterOf(paged);
      return chosen === 'all' ? {} : { status: chosen };
    },
  });
  const filter = filterOf(list);
  const { save, confirmDelete } = useCrudMutations<ActivityInput>({
    operations: ROUTES.activities.admin,
    noun: 'Activity',
    deleteConfirm: 'Are you sure you want to delete this activity?',
    saveFailure: 'Failed to save activity',
    deleteFailure: 'Failed to delete activity',
  });

  const shown = query.data?.activities ?? [];
  const zoneName = useOrganisationTimeName();
  // Each filter's count, among the activities the search finds: the total of a one-item page.
  const countQueries = useQueries({
    queries: FILTERS.map(({ value }) => {
      const countParams = {
        page: 1,
        limit: 1,
        ...(list.q && { q: list.q }),
        ...(value !== 'all' && { status: value }),
      };
      return {
        queryKey: [...queryKeys.activities, 'count', countParams],
        queryFn: () => api.admin.activities.list(countParams),
        placeholderData: keepPreviousData,
        ...cachePolicy('activities'),
      };
    }),
  });
  const counts = Object.fromEntries(
    FILTERS.map(({ value }, index) => [value, countQueries[index]?.data?.pagination.total]),
  ) as Record<Filter, number | undefined>;
  // Read from the list, so the dialog's count follows a removal once the list is refetched.
  const attendeesOf = shown.find((activity) => activity.id === attendeesId);

  return (
    <>
      <PageHeader
        title="Activities"
        summary={`Events listed in the Activities section. Dates are shown and edited in ${zoneName}, as visitors see them.`}
        actions={
          access.canEdit && <Button icon="add" intent="primary" text="Add Activity" onClick={dialog.openCreate} />
        }
      />
      <ButtonGroup className="filter-bar" aria-label="Filter activities">
        {FILTERS.map(({ value, label }) => (
          <Button
            key={value}
            text={counts[value] === undefined ? label : `${label} (${counts[value]})`}
            active={filter === value}
            aria-pressed={filter === value}
            onClick={() => list.setParam('status', value === 'all' ? null : value)}
          />
        ))}
      </ButtonGroup>
      <div className="section-toolbar">
        <ListSearch
          list={list}
          label="Search activities by title, location or tag"
          placeholder="Search by title, location or tag"
        />
        <SortControl columns={SORTS} sort={sort} onSort={setSort} ownOrder="Next upcoming first" />
      </div>
      <ListStates
        query={query}
        loadError="Failed to load activities"
        isEmpty={shown.length === 0}
        empty={
          list.q
            ? 'No activities match your search.'
            : filter === 'all'
              ? 'No activities yet.'
              : `No ${filter} activities.`
        }
      >
        <ul className="item-list" role="list" aria-label="Activities">
          {shown.map((activity) => (
            <li key={activity.id}>
              <ActivityCard
                activity={activity}
                zoneName={zoneName}
                onAttendees={() => setAttendeesId(activity.id)}
                onEdit={access.canEdit ? () => dialog.openEdit(activity) : undefined}
                onDelete={access.canDelete ? () => void confirmDelete(activity) : undefined}
              />
            </li>
          ))}
        </ul>
      </ListStates>
      <ListPager
        list={list}
        pagination={query.data?.pagination}
        noun={['activity', 'activities']}
        label="Activities pages"
      />
      {attendeesOf && (
        <AttendeesDialog activity={attendeesOf} canEdit={access.canEdit} onClose={() => setAttendeesId(null)} />
      )}
      <ActivityForm key={dialog.key} dialog={dialog} canEdit={access.canEdit} onSave={save} />
    </>
  );
}
