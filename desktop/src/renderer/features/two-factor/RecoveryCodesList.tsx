/** Recovery codes, shown once: copy, download, and a tick that they are saved before going on. */
import { Button, Callout, Checkbox } from '@blueprintjs/core';
import { useState } from 'react';
import { saveDownload } from '../../ui/download';

interface RecoveryCodesListProps {
  codes: string[];
  doneText: string;
  onDone: () => void;
}

export function RecoveryCodesList({ codes, doneText, onDone }: RecoveryCodesListProps) {
  const [saved, setSaved] = useState(false);
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="recovery-codes">
      <Callout intent="warning" title="Save your recovery codes">
        Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe.
      </Callout>
      <ol className="recovery-codes__list" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-codes__actions">
        <Button text={copied ? 'Copied' : 'Copy codes'} onClick={() => void copy()} />
        <Button
          text="Download codes"
          onClick={() => saveDownload(new Blob([text], { type: 'text/plain' }), 'recovery-codes.txt')}
        />
      </div>
      <Checkbox
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
        label="I have saved these codes"
      />
      <Button intent="primary" text={doneText} disabled={!saved} onClick={onDone} />
    </div>
  );
}
