import {
  characterLimitAnnouncement,
  testimonialSchema,
  QUOTE_MAX,
  type Testimonial,
  type TestimonialInput,
} from '@npo/shared';
import { useForm, useWatch } from 'react-hook-form';
import { CheckboxField, TextAreaField, TextField } from '../../ui/form/fields';
import type { Revisioned } from '../../data/describe-item';
import { FormDialog } from '../../ui/form/FormDialog';
import type { FormDialogState } from '../../ui/form/useFormDialog';
import { schemaResolver } from '../../ui/form/resolver';

interface TestimonialFormValues {
  name: string;
  role: string;
  quote: string;
  isActive: boolean;
  isFeatured: boolean;
}

interface TestimonialFormProps {
  dialog: FormDialogState<Testimonial>;
  canEdit: boolean;
  onSave: (input: TestimonialInput, item?: Revisioned) => Promise<unknown>;
}

export function TestimonialForm({ dialog, canEdit, onSave }: TestimonialFormProps) {
  const editing = dialog.item;
  const form = useForm<TestimonialFormValues, unknown, TestimonialInput>({
    resolver: schemaResolver(testimonialSchema),
    defaultValues: {
      name: editing?.name ?? '',
      role: editing?.role ?? '',
      quote: editing?.quote ?? '',
      isActive: editing?.isActive ?? true,
      // The update replaces the whole testimonial: the featured flag (set with Feature) goes back unchanged.
      isFeatured: editing?.isFeatured ?? false,
    },
  });
  const quoteLength = useWatch({ control: form.control, name: 'quote' })?.length ?? 0;
  return (
    <FormDialog
      title={editing ? 'Edit Testimonial' : 'New Testimonial'}
      icon="comment"
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      form={form}
      onSubmit={(input) => onSave(input, editing)}
      submitText={editing ? 'Save Changes' : 'Create Testimonial'}
      canEdit={canEdit}
    >
      <div className="form-row">
        <TextField<TestimonialFormValues> name="name" label="Name" autoFocus />
        <TextField<TestimonialFormValues> name="role" label="Role" placeholder="e.g. Clinical Dietitian, Canada" />
      </div>
      <TextAreaField<TestimonialFormValues>
        name="quote"
        label="Quote"
        rows={5}
        helper={
          <>
            {quoteLength}/{QUOTE_MAX} characters
            {/* Screen readers hear the count only near the limit, a step at a time, not at every key. */}
            <span className="sr-only" aria-live="polite">
              {characterLimitAnnouncement(quoteLength, QUOTE_MAX)}
            </span>
          </>
        }
      />
      <CheckboxField<TestimonialFormValues> name="isActive" label="Active (shown on the site)" />
    </FormDialog>
  );
}
