/**
 * GET /api/admin/audit, /audit/:id and /audit/export.csv: the audit trail, super admins only (module
 * `audit` is not assignable). Read only: no route writes, edits or deletes entries.
 */
import { AUDIT_PAGE_SIZE, auditFilter, auditQuery, type AuditLogEntry } from '@npo/shared';
import { csvPages, sendCsvExport, type CsvCell } from '../../lib/csv.js';
import { ok, okPage } from '../../lib/respond.js';
import { idParams, validate } from '../../middleware/validate.js';
import type { ModuleContext } from '../context.js';
import { createAuditService } from './service.js';

const CSV_HEADER = ['Time', 'Actor ID', 'Actor e-mail', 'Action', 'Module', 'Entity ID', 'Changes', 'Request ID', 'IP'];

function csvRow(entry: AuditLogEntry): CsvCell[] {
  return [
    entry.occurredAt,
    entry.actorId,
    entry.actorEmail,
    entry.action,
    entry.module,
    entry.entityId,
    entry.changes && JSON.stringify(entry.changes),
    entry.requestId,
    entry.ip,
  ];
}

export function registerAudit({ deps, admin }: ModuleContext): void {
  const entries = createAuditService(deps);
  const routes = admin('audit');

  routes.get('/audit', validate({ query: auditQuery(AUDIT_PAGE_SIZE) }), async (ctx) => {
    const { page, limit, ...filter } = ctx.state.input.query;
    okPage(ctx, 'entries', await entries.page({ page, limit }, filter), { page, limit });
  });
  // Before /audit/:id, which would otherwise take "export.csv" for an id and answer 400.
  routes.get('/audit/export.csv', validate({ query: auditFilter }), async (ctx) => {
    const { query } = ctx.state.input;
    await sendCsvExport(ctx, deps, ctx.state.user.id, 'activity-log.csv', CSV_HEADER, async () =>
      csvPages(await entries.exportPages(query), csvRow),
    );
  });
  routes.get('/audit/:id', validate({ params: idParams }), async (ctx) => {
    ok(ctx, await entries.get(ctx.state.input.params.id));
  });
}
