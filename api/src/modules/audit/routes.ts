/**
 * GET /api/admin/audit, /audit/:id and /audit/export.csv: the audit trail, super admins only (module
 * `audit` is not assignable). Read only: no route writes, edits or deletes entries.
 */
import { API } from '@npo/shared';
import { sendCsvExport } from '../../lib/csv.js';
import { ok, okPage } from '../../lib/respond.js';
import type { ModuleContext } from '../context.js';
import { AUDIT_CSV } from './repository.js';
import { createAuditService } from './service.js';

export function registerAudit({ deps, route }: ModuleContext): void {
  const entries = createAuditService(deps);
  route(API.audit.list, async (ctx) => {
    const { page, limit, sort, order, ...filter } = ctx.state.input.query;
    okPage(ctx, 'entries', await entries.page({ page, limit }, filter, { sort, order }), { page, limit });
  });
  route(API.audit.exportCsv, async (ctx) => {
    const { query } = ctx.state.input;
    await sendCsvExport(ctx, deps, ctx.state.user.id, 'activity-log.csv', AUDIT_CSV, () => entries.exportPages(query));
  });
  route(API.audit.get, async (ctx) => {
    ok(ctx, await entries.get(ctx.state.input.params.id));
  });
}
