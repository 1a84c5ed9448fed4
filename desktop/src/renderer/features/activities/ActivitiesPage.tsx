import { Button, ButtonGroup, Card, Icon, Tag } from '@blueprintjs/core';
import { formatAdminDate, PAGE_SIZES, type Activity, type ActivityInput, type ActivityStatus } from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { cachePolicy } from '../../api/cache-policy';
import { queryKeys } from '../../api/query-keys';
import { useCrudMutations } from '../../data/useCrudMutations';
import { useModuleAccess } from '../../data/useModuleAccess';
import { useFormDialog } from '../../ui/form/useFormDialog';
import { ListFooter } from '../../ui/ListFooter';
import { PageHeader } from '../../ui/PageHeader';
import { ListStates } from '../../ui/ListStates';
import { ActivityForm } from './ActivityForm';

type Filter = 'all' | ActivityStatus;
const FILTERS: { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
];

function ActivityCard({
  activity,
  onEdit,
  onDelete,
}: {
  activity: Activity;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  return (
    <Card className="item-card" data-testid="activity-card">
      <div className="item-head">
        <div className="item-title-row">
          <h2 className="item-title">{activity.title}</h2>
          <Tag intent={activity.status === 'upcoming' ? 'primary' : 'none'} minimal={activity.status === 'past'}>
            {activity.status === 'upcoming' ? 'Upcoming' : 'Past'}
          </Tag>
        </div>
        <div className="item-actions">
          {onEdit && <Button icon="edit" variant="minimal" text="Edit" onClick={onEdit} />}
          {onDelete && <Button icon="trash" variant="minimal" intent="danger" text="Delete" onClick={onDelete} />}
        </div>
      </div>
      <p className="item-facts">
        <span>
          <Icon icon="time" size={14} aria-hidden />{' '}
          <time dateTime={activity.date}>{formatAdminDate(activity.date)}</time>{' '}
          <abbr title="Coordinated Universal Time">UTC</abbr>
        </span>
        <span>
          <Icon icon="map-marker" size={14} aria-hidden /> {activity.location}
        </span>
        <span>
          <Icon icon="people" size={14} aria-hidden /> {activity.participants}
          {activity.capacity != null && `/${activity.capacity}`} participants
        </span>
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

export default function ActivitiesPage() {
  const access = useModuleAccess('activities');
  const dialog = useFormDialog<Activity>();
  const [filter, setFilter] = useState<Filter>('all');
  const query = useQuery({
    queryKey: queryKeys.activities,
    queryFn: () => api.admin.activities.list({ page: 1, limit: PAGE_SIZES.activities }),
    ...cachePolicy('activities'),
  });
  const { save, confirmDelete } = useCrudMutations<ActivityInput>({
    path: '/admin/activities',
    queryKey: queryKeys.activities,
    noun: 'Activity',
    deleteConfirm: 'Are you sure you want to delete this activity?',
    saveFailure: 'Failed to save activity',
    deleteFailure: 'Failed to delete activity',
  });

  const activities = query.data?.activities ?? [];
  const counts: Record<Filter, number> = {
    all: activities.length,
    upcoming: activities.filter((activity) => activity.status === 'upcoming').length,
    past: activities.filter((activity) => activity.status === 'past').length,
  };
  const shown = filter === 'all' ? activities : activities.filter((activity) => activity.status === filter);

  return (
    <>
      <PageHeader
        title="Activities"
        summary="Events listed in the Activities section. Dates are shown and edited in UTC."
        actions={
          access.canEdit && <Button icon="add" intent="primary" text="Add Activity" onClick={dialog.openCreate} />
        }
      />
      <ButtonGroup className="filter-bar" aria-label="Filter activities">
        {FILTERS.map(({ value, label }) => (
          <Button
            key={value}
            text={`${label} (${counts[value]})`}
            active={filter === value}
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          />
        ))}
      </ButtonGroup>
      <ListStates
        query={query}
        loadError="Failed to load activities"
        isEmpty={shown.length === 0}
        empty={filter === 'all' ? 'No activities yet.' : `No ${filter} activities.`}
      >
        <ul className="item-list" aria-label="Activities">
          {shown.map((activity) => (
            <li key={activity.id}>
              <ActivityCard
                activity={activity}
                onEdit={access.canEdit ? () => dialog.openEdit(activity) : undefined}
                onDelete={access.canDelete ? () => void confirmDelete(activity) : undefined}
              />
            </li>
          ))}
        </ul>
        <ListFooter shown={activities.length} total={query.data?.pagination.total ?? 0} noun="activities" />
      </ListStates>
      <ActivityForm key={dialog.key} dialog={dialog} canEdit={access.canEdit} onSave={save} />
    </>
  );
}
