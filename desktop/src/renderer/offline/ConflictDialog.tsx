/**
 * "Someone else changed this item": both versions side by side, the fields that differ marked, and
 * the three ways out: keep mine (sent again over the newer version), take theirs (mine is dropped),
 * or copy my text (to merge it by hand; the dialog stays open). Closing it (Esc, ×) chooses nothing.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLTable, Tag } from '@blueprintjs/core';
import { notifySuccess } from '../ui/toaster';
import { compareVersions, versionAsText } from './compare';
import { usePendingConflict, type ConflictQuestion } from './conflicts';

/** A clipboard write can wait on focus or a permission prompt: past this, fall back rather than leave the user waiting. */
const CLIPBOARD_WAIT_MS = 1500;

function writeClipboard(text: string): Promise<void> {
  return Promise.race([
    navigator.clipboard.writeText(text),
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error('clipboard did not answer')), CLIPBOARD_WAIT_MS),
    ),
  ]);
}

async function copyText(text: string): Promise<void> {
  try {
    await writeClipboard(text);
  } catch {
    // Without clipboard permission (a locked-down shell), the older command still copies a selection.
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
  notifySuccess('Your version is on the clipboard');
}

function explanation({ method, theirs }: ConflictQuestion): string {
  if (theirs === null) return 'This item was deleted on the server while you were working on it.';
  if (method === 'DELETE') return 'Someone else changed this item after you opened it. Delete it anyway?';
  return 'Someone else saved a different version of this item while you were working on it.';
}

export function ConflictDialog() {
  const pending = usePendingConflict();
  const question = pending?.question;
  const fields = question ? compareVersions(question.mine, question.theirs) : [];
  const hasMyText = question?.mine !== null && typeof question?.mine === 'object';

  return (
    <Dialog
      isOpen={pending !== null}
      // Closing decides nothing: the change stays as it was (in conflict, or in the open form).
      onClose={() => pending?.answer('later')}
      title="Someone else changed this item"
      icon="git-merge"
      canOutsideClickClose={false}
      style={{ width: 860, maxWidth: 'calc(100vw - 32px)' }}
      className="conflict-dialog"
      // Above the form that asked: a form opened later would otherwise cover it.
      portalClassName="conflict-portal"
    >
      {question && (
        <>
          <DialogBody>
            <Callout intent="warning">
              <strong>{question.label}</strong>
              <p>{explanation(question)}</p>
            </Callout>
            {fields.length > 0 && (
              <HTMLTable compact className="conflict-table" aria-label="Your version and the version on the server">
                <thead>
                  <tr>
                    <th scope="col">Field</th>
                    <th scope="col">Your version</th>
                    <th scope="col">On the server now</th>
                  </tr>
                </thead>
                <tbody>
                  {fields.map((field) => (
                    <tr key={field.field} className={field.differs ? 'conflict-differs' : undefined}>
                      <th scope="row">
                        {field.label}
                        {field.differs && (
                          <Tag minimal intent="warning" className="conflict-tag">
                            Differs
                          </Tag>
                        )}
                      </th>
                      <td className="conflict-value" data-testid={`mine-${field.field}`}>
                        {field.mine}
                      </td>
                      <td className="conflict-value" data-testid={`theirs-${field.field}`}>
                        {field.theirs}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                {hasMyText && (
                  <Button icon="clipboard" text="Copy my text" onClick={() => void copyText(versionAsText(fields))} />
                )}
                <Button text="Take theirs" onClick={() => pending?.answer('theirs')} />
                <Button
                  intent="primary"
                  text={question.method === 'DELETE' ? 'Delete anyway' : 'Keep mine'}
                  disabled={question.theirs === null}
                  onClick={() => pending?.answer('mine')}
                />
              </>
            }
          />
        </>
      )}
    </Dialog>
  );
}
