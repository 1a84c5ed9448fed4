/**
 * The 16 px paths of the few icons the signed-out screens name (login, password reset, server
 * address): the login screen loads this small chunk instead of the whole list of ./icon-paths-16.ts.
 */
import type { IconName } from '@blueprintjs/icons';
import envelope from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope';
import error from '@blueprintjs/icons/lib/esm/generated/16px/paths/error';
import eyeOff from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off';
import eyeOpen from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open';
import flash from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash';
import moon from '@blueprintjs/icons/lib/esm/generated/16px/paths/moon';
import tickCircle from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';

export const PATHS: Partial<Record<IconName, string[]>> = {
  envelope: envelope,
  error: error,
  'eye-off': eyeOff,
  'eye-open': eyeOpen,
  flash: flash,
  moon: moon,
  'tick-circle': tickCircle,
};
