/** Reading the audit trail (super admins only): a filtered page, one entry, the CSV export's pages. */
import { AUDIT_EXPORT_MAX_ROWS, type AuditFilter, type AuditLogEntry } from '@npo/shared';
import type { Page, PageResult } from '../../db/table.js';
import type { AppDeps } from '../../deps.js';
import { found } from '../../errors.js';
import { createAuditRepository, type AuditSort } from './repository.js';

export function createAuditService(deps: AppDeps) {
  const entries = createAuditRepository(deps.db);
  return {
    page: (page: Page, filter: AuditFilter, sort?: AuditSort): Promise<PageResult<AuditLogEntry>> =>
      entries.page(page, filter, sort),
    get: async (id: number): Promise<AuditLogEntry> => found(await entries.findById(id), 'Audit entry'),
    /** The newest AUDIT_EXPORT_MAX_ROWS entries in the filter, in pages. */
    exportPages: (filter: AuditFilter): Promise<AsyncIterable<Buffer>> =>
      entries.exportPages(filter, AUDIT_EXPORT_MAX_ROWS),
  };
}
