/**
 * The mail exactly as the server renders it (POST /announcements/preview writes nothing): its HTML
 * part in a sandboxed frame (sandbox="" runs no script and opens no link; srcdoc, never innerHTML) and
 * its plain-text part, in two tabs.
 */
import { Button, Tab, Tabs } from '@blueprintjs/core';
import type { AnnouncementPreview as Preview } from '@npo/shared';
import { useState } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';
import { notifyFailure } from '../../ui/toaster';

export function PreviewTabs({ preview }: { preview: Preview }) {
  return (
    <section className="announcement-preview" aria-label="Preview">
      <p>
        Subject: <strong>{preview.subject}</strong>
      </p>
      <Tabs id="announcement-preview" renderActiveTabPanelOnly>
        <Tab
          id="html"
          title="HTML"
          panel={
            <iframe title="HTML part of the mail" sandbox="" srcDoc={preview.html} className="announcement-frame" />
          }
        />
        <Tab id="text" title="Text" panel={<pre className="announcement-text">{preview.text}</pre>} />
      </Tabs>
    </section>
  );
}

/** "Preview" and, once asked, the tabs; `read` gives the subject and body as they are now. */
export function PreviewButton({ read }: { read: () => { subject: string; body: string } }) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);
  async function show() {
    setBusy(true);
    try {
      const { subject, body } = read();
      setPreview(await api.admin.announcements.preview({ subject, body }));
    } catch (error) {
      notifyFailure(describeError(error, 'Failed to preview the announcement'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button
        icon="eye-open"
        text={preview ? 'Refresh preview' : 'Preview'}
        loading={busy}
        onClick={() => void show()}
      />
      {preview && <PreviewTabs preview={preview} />}
    </>
  );
}
