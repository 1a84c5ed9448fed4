/**
 * The members list's join-day, activity, country, specialty and tag filters (issues 22 and 57): the API's
 * `joinedFrom`, `joinedTo` (UTC days, both included), `activityId`, `country`, `specialtyId` and `tagId`, kept in
 * the screen's URL like its other filters. The
 * activities offered are the site's (upcoming and past, the newest 100); one named by a link but not
 * among them is still offered, by its number.
 */
import { HTMLSelect } from '@blueprintjs/core';
import { countryOptions, MAX_PAGE_LIMIT } from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { api } from '../../api/client';
import type { PagedList } from '../../ui/ListControls';

/** The site's activities (the newest 100) as select options; `selected` is kept even when not among them. */
export function useActivityOptions(selected: string): { value: string; label: string }[] {
  const activities = useQuery({
    queryKey: ['members-filter-activities'],
    queryFn: () => api.content.activities({ limit: MAX_PAGE_LIMIT }),
  });
  const options = (activities.data?.activities ?? []).map((activity) => ({
    value: String(activity.id),
    label: activity.title,
  }));
  if (selected && !options.some((option) => option.value === selected)) {
    options.push({ value: selected, label: `Activity #${selected}` });
  }
  return options;
}

export function MemberFilters({ list }: { list: PagedList }) {
  const fromId = useId();
  const toId = useId();
  const joinedFrom = list.param('joinedFrom') ?? '';
  const joinedTo = list.param('joinedTo') ?? '';
  const activityId = list.param('activityId') ?? '';
  const options = useActivityOptions(activityId);
  const country = list.param('country') ?? '';
  const specialtyId = list.param('specialtyId') ?? '';
  const countries = useMemo(() => countryOptions().map(({ code, name }) => ({ value: code, label: name })), []);
  const specialties = useQuery({ queryKey: ['specialties'], queryFn: () => api.content.specialties() });
  const tagId = list.param('tagId') ?? '';
  const tags = useQuery({ queryKey: ['tags'], queryFn: () => api.admin.members.tags() });
  return (
    <div className="member-filters">
      {/* The two days of the range wrap together. */}
      <span className="member-filters__range">
        <label htmlFor={fromId}>
          Joined from
          <input
            id={fromId}
            className="bp6-input"
            type="date"
            value={joinedFrom}
            max={joinedTo || undefined}
            onChange={(event) => list.setParam('joinedFrom', event.currentTarget.value || null)}
          />
        </label>
        <label htmlFor={toId}>
          to
          <input
            id={toId}
            className="bp6-input"
            type="date"
            value={joinedTo}
            min={joinedFrom || undefined}
            onChange={(event) => list.setParam('joinedTo', event.currentTarget.value || null)}
          />
        </label>
      </span>
      <HTMLSelect
        aria-label="Registered to activity"
        value={activityId}
        onChange={(event) => list.setParam('activityId', event.currentTarget.value || null)}
        options={[{ value: '', label: 'Any activity' }, ...options]}
      />
      <HTMLSelect
        aria-label="Country"
        value={country}
        onChange={(event) => list.setParam('country', event.currentTarget.value || null)}
        options={[{ value: '', label: 'Any country' }, ...countries]}
      />
      <HTMLSelect
        aria-label="Specialty"
        value={specialtyId}
        onChange={(event) => list.setParam('specialtyId', event.currentTarget.value || null)}
        options={[
          { value: '', label: 'Any specialty' },
          ...(specialties.data ?? []).map((specialty) => ({ value: String(specialty.id), label: specialty.name })),
        ]}
      />
      <HTMLSelect
        aria-label="Tag"
        value={tagId}
        onChange={(event) => list.setParam('tagId', event.currentTarget.value || null)}
        options={[
          { value: '', label: 'Any tag' },
          ...(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: `${tag.name} (${tag.memberCount})` })),
        ]}
      />
    </div>
  );
}
