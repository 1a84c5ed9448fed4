/**
 * The zone activity times are typed and shown in (issue 55 item 2): the organisation's, whose wall
 * clock the stored value is, never "UTC". The console takes the default zone (ORGANISATION_TIME_ZONE
 * on the server defaults to it); the digits it shows and sends are the stored ones either way.
 */
import { DEFAULT_ORGANISATION_TIME_ZONE, timeZoneLongName } from '@npo/shared';

export const ORGANISATION_TIME_NAME = timeZoneLongName(DEFAULT_ORGANISATION_TIME_ZONE);
