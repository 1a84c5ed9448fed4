/** One audit entry: who, when, from where, and each changed field as before → after. */
import { Dialog, DialogBody, HTMLTable } from '@blueprintjs/core';
import { formatAdminDate, type AuditLogEntry } from '@npo/shared';
import { actionLabel, fieldChanges, itemLabel, moduleLabel } from './audit-format';

export function AuditEntryDialog({ entry, onClose }: { entry: AuditLogEntry; onClose: () => void }) {
  const changes = fieldChanges(entry);
  const facts: [string, string][] = [
    ['When', formatAdminDate(entry.occurredAt)],
    ['Who', entry.actorEmail ?? (entry.actorId === null ? 'Nobody signed in' : `Account ${entry.actorId}`)],
    ['Action', actionLabel(entry.action)],
    ['Module', moduleLabel(entry.module)],
    ['Item', itemLabel(entry)],
    ['Request ID', entry.requestId ?? '—'],
    ['IP address', entry.ip ?? '—'],
  ];
  return (
    <Dialog isOpen onClose={onClose} title="Activity details" icon="history" className="audit-dialog">
      <DialogBody>
        <dl className="audit-facts">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
        {changes.length === 0 ? (
          <p className="muted">No field changed.</p>
        ) : (
          <HTMLTable compact striped className="audit-changes" aria-label="Changes">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.field} data-testid="audit-change">
                  <th scope="row">{change.field}</th>
                  <td className="audit-value">{change.before}</td>
                  <td className="audit-value">{change.after}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </DialogBody>
    </Dialog>
  );
}
