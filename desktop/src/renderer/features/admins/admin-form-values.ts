import type { AdminRole, Permissions } from '@npo/shared';

/** The values of the staff account form, shared by the form and its permission grid. */
export interface AdminFormValues {
  name: string;
  email: string;
  role: AdminRole;
  permissions: Permissions;
}
