/**
 * The form of a versioned kind (About Us, contact information, the policies) in its dialog: "Edit"
 * or "New" in the title, "Save Changes" or "Create Version" on the button, and above the fields what
 * saving will do (VersionFormNotice), whose "Start blank" empties the form and focuses its first field.
 * Each kind's form gives its schema, its values for a version (or empty ones) and its fields as children.
 */
import type { IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '../../ui/form/FormDialog';
import { schemaResolver } from '../../ui/form/resolver';
import type { VersionFormProps } from './VersionedScreen';
import { VersionFormNotice } from './VersionFormNotice';
import type { VersionBase } from './useVersions';

/** What a kind's form gives besides VersionFormProps. */
interface DialogOptions<Item, Values extends FieldValues, Input> {
  /** Checks the form's values and gives what is sent. */
  schema: z.ZodType<Input>;
  /** The form's values for a version (edited, or the one a draft starts from), or empty ones. */
  initialValues: (version?: Item) => Values;
  /** The title while editing `item`. */
  editTitle: (item: Item) => string;
  /** The title of a new version. */
  newTitle: string;
  icon: IconName;
  width: number;
  /** Where focus goes once the form is emptied. */
  firstField: Path<Values>;
  children: ReactNode;
}

export function VersionFormDialog<Item extends VersionBase, Values extends FieldValues, Input>({
  dialog,
  canEdit,
  onSave,
  schema,
  initialValues,
  editTitle,
  newTitle,
  icon,
  width,
  firstField,
  children,
}: VersionFormProps<Item, Input> & DialogOptions<Item, Values, Input>) {
  const editing = dialog.item;
  const form = useForm<Values, unknown, Input>({
    resolver: schemaResolver(schema),
    // Whole values are partial ones too; TypeScript cannot see that through the generic Values.
    defaultValues: initialValues(editing ?? dialog.prefill) as DefaultValues<Values>,
  });
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
        onStartBlank={() => form.reset(initialValues())}
        focusFirstField={() => form.setFocus(firstField)}
      />
      {children}
    </FormDialog>
  );
}
