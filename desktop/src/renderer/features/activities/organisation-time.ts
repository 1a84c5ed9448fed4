/**
 * The zone activity times are typed and shown in (issue 55 item 2): the organisation's, whose wall
 * clock the stored value is, never "UTC". The server names it (ORGANISATION_TIME_ZONE, answered by
 * GET /api/admin/settings/organisation); the console assumes none of its own. The digits it shows and
 * sends are the stored ones whatever the zone: the datetime field's value is the wall clock there.
 */
import { timeZoneLongName } from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';

/** Until the server has answered once (the answer is kept with the cached lists for offline use). */
export const UNKNOWN_ZONE_NAME = "the organisation's time zone";

/** The organisation's zone as people call it ("India Standard Time"), once the server has said which. */
export function useOrganisationTimeName(): string {
  const { data } = useQuery({
    queryKey: queryKeys.organisation,
    queryFn: api.admin.organisation,
    // A server setting, changed only by a restart: asked once a session, again when stale after an hour.
    staleTime: 60 * 60 * 1000,
  });
  return data ? timeZoneLongName(data.timeZone) : UNKNOWN_ZONE_NAME;
}
