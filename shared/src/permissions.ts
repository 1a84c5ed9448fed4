/**
 * The permission model shared by the API (which enforces it) and the console (which mirrors it).
 * Seven assignable modules x view/edit/delete = 21 slots (SPEC's six and 18, plus members: issue 22);
 * some areas belong to super admins only.
 */

export const ROLES = ['member', 'admin', 'super_admin'] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN_ROLES = ['admin', 'super_admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ASSIGNABLE_MODULES = [
  'membership',
  'about',
  'activities',
  'connect',
  'testimonials',
  'faqs',
  'members',
] as const;
export type AssignableModule = (typeof ASSIGNABLE_MODULES)[number];

export const SUPER_ADMIN_MODULES = ['privacy_policy', 'terms_of_service', 'admins', 'audit', 'mail'] as const;
export type SuperAdminModule = (typeof SUPER_ADMIN_MODULES)[number];

/** Areas every admin may open. */
export const OPEN_MODULES = ['dashboard', 'home'] as const;
export type OpenModule = (typeof OPEN_MODULES)[number];

export type Module = AssignableModule | SuperAdminModule | OpenModule;

export const ACTIONS = ['view', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export type ModulePermissions = Record<Action, boolean>;
export type Permissions = Record<AssignableModule, ModulePermissions>;

export const PERMISSION_SLOTS = ASSIGNABLE_MODULES.length * ACTIONS.length;

export interface PermissionSubject {
  role: Role;
  permissions?: Partial<Record<string, Partial<ModulePermissions>>> | null;
}

export function isAdminRole(role: string | undefined | null): role is AdminRole {
  return role === 'admin' || role === 'super_admin';
}

export function isAssignableModule(module: string): module is AssignableModule {
  return (ASSIGNABLE_MODULES as readonly string[]).includes(module);
}

/** The one authorisation rule: used by the API's policy middleware and by the console's buttons. */
export function can(user: PermissionSubject | null | undefined, module: Module, action: Action): boolean {
  if (!user || !isAdminRole(user.role)) return false;
  if (user.role === 'super_admin') return true;
  if ((OPEN_MODULES as readonly string[]).includes(module)) return true;
  if (!isAssignableModule(module)) return false;
  return user.permissions?.[module]?.[action] === true;
}

export function emptyPermissions(): Permissions {
  return Object.fromEntries(
    ASSIGNABLE_MODULES.map((module) => [module, { view: false, edit: false, delete: false }]),
  ) as Permissions;
}

export function fullPermissions(): Permissions {
  return Object.fromEntries(
    ASSIGNABLE_MODULES.map((module) => [module, { view: true, edit: true, delete: true }]),
  ) as Permissions;
}

/** Fills missing modules/actions with false and drops unknown keys. */
export function normalisePermissions(input: unknown): Permissions {
  const result = emptyPermissions();
  if (!input || typeof input !== 'object') return result;
  const source = input as Record<string, Record<string, unknown> | undefined>;
  for (const module of ASSIGNABLE_MODULES) {
    for (const action of ACTIONS) {
      result[module][action] = source[module]?.[action] === true;
    }
  }
  return result;
}

/** "N" of the console's "N/21 permissions". */
export function countPermissions(permissions: Permissions | null | undefined): number {
  if (!permissions) return 0;
  return ASSIGNABLE_MODULES.reduce(
    (total, module) => total + ACTIONS.filter((action) => permissions[module]?.[action] === true).length,
    0,
  );
}
