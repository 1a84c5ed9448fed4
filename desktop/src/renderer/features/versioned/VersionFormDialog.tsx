/**
 * The form of a versioned kind (About Us, contact information, the policies) in its dialog: "Edit"
 * or "New" in the title, "Save Changes" or "Create Version" on the button, and above the fields what
 * saving will do (VersionFormNotice), whose "Start blank" empties the form and focuses its first field.
 * Each kind's form gives its own fields as children.
 */
import type { IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormDialog } from '../../ui/form/FormDialog';
import type { VersionFormProps } from './VersionedScreen';
import { VersionFormNotice } from './VersionFormNotice';
import type { VersionBase } from './useVersions';

/** What a kind's form gives besides VersionFormProps. */
interface DialogOptions<Item, Values extends FieldValues, Input> {
  form: UseFormReturn<Values, unknown, Input>;
  /** The title while editing `item`. */
  editTitle: (item: Item) => string;
  /** The title of a new version. */
  newTitle: string;
  icon: IconName;
  width: number;
  /** The form's values once emptied ("Start blank"). */
  blankValues: () => Values;
  /** Where focus goes once the form is emptied. */
  firstField: Path<Values>;
  children: ReactNode;
}

export function VersionFormDialog<Item extends VersionBase, Values extends FieldValues, Input>({
  dialog,
  canEdit,
  onSave,
  form,
  editTitle,
  newTitle,
  icon,
  width,
  blankValues,
  firstField,
  children,
}: VersionFormProps<Item, Input> & DialogOptions<Item, Values, Input>) {
  const editing = dialog.item;
  return (
    <FormDialog
      title={editing ? editTitle(editing) : newTitle}
      icon={icon}
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      form={form}
      onSubmit={(input) => onSave(input, editing)}
      submitText={editing ? 'Save Changes' : 'Create Version'}
      canEdit={canEdit}
      width={width}
    >
      <VersionFormNotice
        dialog={dialog}
        onStartBlank={() => form.reset(blankValues())}
        focusFirstField={() => form.setFocus(firstField)}
      />
      {children}
    </FormDialog>
  );
}
