/**
 * What saving the version form will do, above its fields: editing the live version changes the
 * public site at once; a new version drafted from another one is a copy, and the live one stays.
 */
import { Button, Callout } from '@blueprintjs/core';
import { useState } from 'react';
import type { FormDialogState } from '../../ui/form/useFormDialog';
import type { VersionBase } from './useVersions';
import './version-diff.css';

export const LIVE_VERSION_NOTICE = 'This is the live version: saving changes the public site';

export function VersionFormNotice<Item extends VersionBase>({
  dialog,
  onStartBlank,
  focusFirstField,
}: {
  dialog: FormDialogState<Item>;
  /** Empties the form. */
  onStartBlank: () => void;
  /** Focus goes there once the form is empty (the button it was on is gone). */
  focusFirstField: () => void;
}) {
  const [blank, setBlank] = useState(false);
  if (dialog.item?.isActive) {
    return (
      <Callout intent="warning" className="form-note version-form-notice" data-testid="live-version-notice">
        {LIVE_VERSION_NOTICE}
      </Callout>
    );
  }
  const source = dialog.prefill;
  if (dialog.item || !source || blank) return null;
  return (
    <Callout
      intent="primary"
      icon="duplicate"
      className="form-note version-form-notice"
      data-testid="draft-source-notice"
    >
      <p>
        Prefilled from Version {source.version}
        {source.isActive ? ', the live version' : ''}. Saving creates a new inactive version; the public site does not
        change until you activate it.
      </p>
      <Button
        variant="outlined"
        size="small"
        text="Start blank"
        onClick={() => {
          setBlank(true);
          onStartBlank();
          // A reset form registers its fields again as it renders: focus them after that.
          window.setTimeout(focusFirstField);
        }}
      />
    </Callout>
  );
}
