/**
 * GET /api/admin/audit, /audit/:id and /audit/export.csv: the audit trail, super admins only (module
 * `audit` is not assignable). Read only: no route writes, edits or deletes entries.
 */
import { API, type AuditLogEntry } from '@npo/shared';
import { csvPages, sendCsvExport, type CsvCell } from '../../lib/csv.js';
import { ok, okPage } from '../../lib/respond.js';
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

export function registerAudit({ deps, route }: ModuleContext): void {
  const entries = createAuditService(deps);
  route(API.audit.list, async (ctx) => {
    const { page, limit, sort, order, ...filter } = ctx.state.input.query;
    okPage(ctx, 'entries', await entries.page({ page, limit }, filter, { sort, order }), { page, limit });
  });
  route(API.audit.exportCsv, async (ctx) => {
    const { query } = ctx.state.input;
    await sendCsvExport(ctx, deps, ctx.state.user.id, 'activity-log.csv', CSV_HEADER, async () =>
      csvPages(await entries.exportPages(query), csvRow),
    );
  });
  route(API.audit.get, async (ctx) => {
    ok(ctx, await entries.get(ctx.state.input.params.id));
  });
}
