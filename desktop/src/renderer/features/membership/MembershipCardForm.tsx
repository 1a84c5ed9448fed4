import { membershipCardSchema, type MembershipCard, type MembershipCardInput } from '@npo/shared';
import { useForm } from 'react-hook-form';
import { TextAreaField, TextField } from '../../ui/form/fields';
import { FormDialog } from '../../ui/form/FormDialog';
import { RowsField } from '../../ui/form/RowsField';
import type { FormDialogState } from '../../ui/form/useFormDialog';
import { schemaResolver } from '../../ui/form/resolver';
import type { Revisioned } from '../../data/describe-item';

interface CardFormValues {
  type: string;
  title: string;
  subtitle: string;
  points: { value: string }[];
  isActive: boolean;
}

interface MembershipCardFormProps {
  dialog: FormDialogState<MembershipCard>;
  canEdit: boolean;
  onSave: (input: MembershipCardInput, item?: Revisioned) => Promise<unknown>;
}

export function MembershipCardForm({ dialog, canEdit, onSave }: MembershipCardFormProps) {
  const editing = dialog.item;
  const form = useForm<CardFormValues, unknown, MembershipCardInput>({
    resolver: schemaResolver(membershipCardSchema),
    defaultValues: {
      type: editing?.type ?? '',
      title: editing?.title ?? '',
      subtitle: editing?.subtitle ?? '',
      points: editing?.points.length ? editing.points : [{ value: '' }],
      // Not edited here, but sent back so saving never changes it.
      isActive: editing?.isActive ?? true,
    },
  });
  return (
    <FormDialog
      title={editing ? 'Edit Membership Card' : 'New Membership Card'}
      icon="id-number"
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      form={form}
      onSubmit={(input) => onSave(input, editing)}
      submitText={editing ? 'Save Changes' : 'Create Card'}
      canEdit={canEdit}
    >
      <TextField<CardFormValues>
        name="type"
        label="Type"
        placeholder="e.g. Education"
        helper="Shown as the card's tag."
        autoFocus
      />
      <TextField<CardFormValues> name="title" label="Title" />
      <TextAreaField<CardFormValues>
        name="subtitle"
        label="Subtitle"
        rows={3}
        helper="Shown as the card's description."
      />
      <RowsField<CardFormValues, 'points'>
        name="points"
        legend="Bullet points"
        itemLabel="point"
        emptyRow={{ value: '' }}
        compact
        renderRow={(index) => (
          <TextField<CardFormValues> name={`points.${index}.value`} label={`Point ${index + 1}`} hideLabel />
        )}
      />
    </FormDialog>
  );
}
