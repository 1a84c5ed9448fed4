/**
 * The mail exactly as the server renders it (POST /announcements/preview writes nothing), following
 * the text as it is typed: its HTML part in a sandboxed frame (no script runs and no link opens;
 * srcdoc, never innerHTML) and its plain-text part, in two tabs.
 */
import { Button, Callout, Tab, Tabs } from '@blueprintjs/core';
import type { AnnouncementPreview as Preview } from '@npo/shared';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';
import { describeError } from '../../api/errors';

/** After the last keystroke, the preview asks the server again this much later. */
const FOLLOW_DELAY_MS = 400;

/**
 * The mail's own inline styles, applied through the CSSOM. The frame's document inherits the console's
 * policy (style-src 'self'), which blocks style attributes, so the mail would show unstyled in a serif
 * font; styles set from the console's own script are allowed. The frame is same-origin for this alone:
 * without allow-scripts nothing in it runs.
 */
function applyInlineStyles(frame: HTMLIFrameElement): void {
  const document = frame.contentDocument;
  if (!document) return;
  for (const element of document.querySelectorAll<HTMLElement>('[style]')) {
    element.style.cssText = element.getAttribute('style') ?? '';
  }
}

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
            <iframe
              title="HTML part of the mail"
              sandbox="allow-same-origin"
              srcDoc={preview.html}
              className="announcement-frame"
              onLoad={(event) => applyInlineStyles(event.currentTarget)}
            />
          }
        />
        <Tab id="text" title="Text" panel={<pre className="announcement-text">{preview.text}</pre>} />
      </Tabs>
    </section>
  );
}

interface Content {
  subject: string;
  body: string;
}

/** The server's rendering of `content` once `shown`, asked again a moment after each change. */
function useFollowingPreview({ subject, body }: Content, shown: boolean) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const first = preview === null;
  useEffect(() => {
    if (!shown) return;
    let current = true;
    const timer = setTimeout(
      () => {
        setBusy(true);
        api.admin.announcements
          .preview({ subject, body })
          .then((answer) => current && (setPreview(answer), setProblem(null)))
          .catch((error: unknown) => current && setProblem(describeError(error, 'Failed to preview the announcement')))
          .finally(() => current && setBusy(false));
      },
      first ? 0 : FOLLOW_DELAY_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `first` only picks the delay: a preview arriving must not ask again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, subject, body]);
  return { preview, problem, busy };
}

/** "Preview" and, once asked, the tabs, which then follow `content` as it changes. */
export function PreviewButton({ content }: { content: Content }) {
  const [shown, setShown] = useState(false);
  const { preview, problem, busy } = useFollowingPreview(content, shown);
  return (
    <>
      {!shown && <Button icon="eye-open" text="Preview" onClick={() => setShown(true)} />}
      {shown && busy && !preview && <p className="announcement-preview-state">Rendering the preview…</p>}
      {problem && (
        <Callout intent="warning" compact className="announcement-preview-state">
          The preview shows the last text that could be rendered. {problem.join(' ')}
        </Callout>
      )}
      {preview && <PreviewTabs preview={preview} />}
    </>
  );
}
