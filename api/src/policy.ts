/**
 * The policy table: every admin route with its module and the action its method asks for (GET view;
 * POST, PUT, PATCH edit; DELETE delete). The route table in @npo/shared declares them; registering
 * its routes (routes.ts) fills this list, and the permission matrix test reads it, so a new route
 * cannot escape it.
 */
import type { Action, AuditOwnModule, HttpMethod, Module } from '@npo/shared';

export type { HttpMethod } from '@npo/shared';

export interface AdminRoute {
  method: HttpMethod;
  /** Full path, e.g. /api/admin/faqs/:id */
  path: string;
  module: Module;
  action: Action;
  /** Where its writes are filed in the audit trail when not under `module` (the announcements). */
  auditModule?: AuditOwnModule;
}
