/** What the signed-in user may do in one module: the shared `can()` rule, mirrored on every button. */
import { can, type Module } from '@npo/shared';
import { useCurrentUser } from '../session/session-store';

export interface ModuleAccess {
  canView: boolean;
  /** Create, edit, activate, feature, reorder, mark read. */
  canEdit: boolean;
  canDelete: boolean;
}

export function useModuleAccess(module: Module): ModuleAccess {
  const user = useCurrentUser();
  return {
    canView: can(user, module, 'view'),
    canEdit: can(user, module, 'edit'),
    canDelete: can(user, module, 'delete'),
  };
}
