import { faqSchema, type Faq, type FaqInput } from '@npo/shared';
import { useForm } from 'react-hook-form';
import { CheckboxField, TextAreaField, TextField } from '../../ui/form/fields';
import { FormDialog } from '../../ui/form/FormDialog';
import type { FormDialogState } from '../../ui/form/useFormDialog';
import { schemaResolver } from '../../ui/form/resolver';
import type { Revisioned } from '../../data/describe-item';

/** SPEC 5 and 7: the category is sent only when non-empty (left out, the server stores none). */
export type FaqPayload = Omit<FaqInput, 'category'> & { category?: string };

const faqPayloadSchema = faqSchema.transform(({ category, ...rest }): FaqPayload =>
  category ? { ...rest, category } : rest,
);

interface FaqFormValues {
  question: string;
  answer: string;
  category: string;
  isActive: boolean;
  order: number;
}

interface FaqFormProps {
  dialog: FormDialogState<Faq>;
  canEdit: boolean;
  /** Where a new FAQ goes: SPEC 4 puts it at the end (the current number of FAQs). */
  nextOrder: number;
  onSave: (input: FaqPayload, item?: Revisioned) => Promise<unknown>;
}

export function FaqForm({ dialog, canEdit, nextOrder, onSave }: FaqFormProps) {
  const editing = dialog.item;
  const form = useForm<FaqFormValues, unknown, FaqPayload>({
    resolver: schemaResolver(faqPayloadSchema),
    defaultValues: {
      question: editing?.question ?? '',
      answer: editing?.answer ?? '',
      category: editing?.category ?? '',
      isActive: editing?.isActive ?? true,
      order: editing?.order ?? nextOrder,
    },
  });
  return (
    <FormDialog
      title={editing ? 'Edit FAQ' : 'New FAQ'}
      icon="help"
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      form={form}
      onSubmit={(input) => onSave(input, editing)}
      submitText={editing ? 'Save Changes' : 'Create FAQ'}
      canEdit={canEdit}
    >
      <TextAreaField<FaqFormValues> name="question" label="Question" rows={2} autoFocus />
      <TextAreaField<FaqFormValues> name="answer" label="Answer" rows={6} />
      <TextField<FaqFormValues> name="category" label="Category" optional placeholder="e.g. Membership" />
      <CheckboxField<FaqFormValues> name="isActive" label="Active (visible to users)" />
    </FormDialog>
  );
}
