/**
 * The create/edit form of every module, in a dialog: focus moves to the first field and returns to
 * the button that opened it; saving closes it; Cancel discards the changes (the next open starts
 * afresh). A failed save keeps it open: the mutation toasts the server's answer, and field errors
 * are also shown beside their inputs. With unsaved edits, closing it (Cancel, Escape, the X, a click
 * outside) or leaving the screen first asks "Discard unsaved changes?" (useUnsavedChanges.ts).
 */
import { Button, Dialog, DialogBody, DialogFooter, NonIdealState, type IconName } from '@blueprintjs/core';
import { ApiError } from '@npo/shared';
import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useUnsavedChanges } from './useUnsavedChanges';

interface FormDialogProps<Input extends FieldValues, Output> {
  title: string;
  icon?: IconName;
  isOpen: boolean;
  onClose: () => void;
  form: UseFormReturn<Input, unknown, Output>;
  /** Answers `false` to leave the form open unsaved (the person chose not to go on). */
  onSubmit: (values: Output) => Promise<unknown>;
  submitText: string;
  /** Without the edit permission the form is replaced by SPEC 6's refusal. */
  canEdit: boolean;
  width?: number;
  children: ReactNode;
}

export function FormDialog<Input extends FieldValues, Output>({
  title,
  icon,
  isOpen,
  onClose,
  form,
  onSubmit,
  submitText,
  canEdit,
  width = 640,
  children,
}: FormDialogProps<Input, Output>) {
  // Read on every render so that react-hook-form keeps it up to date. A successful save closes the
  // dialog without asking (submit below); a failed one keeps the edits, and asks.
  const isDirty = form.formState.isDirty;
  const dirty = isOpen && canEdit && isDirty;
  const { confirmDiscard } = useUnsavedChanges(dirty);
  const requestClose = () => {
    if (!dirty) onClose();
    else void confirmDiscard().then((discard) => discard && onClose());
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      if ((await onSubmit(values)) === false) return;
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  });

  return (
    <Dialog
      isOpen={isOpen}
      onClose={requestClose}
      title={title}
      icon={icon}
      style={{ width, maxWidth: 'calc(100vw - 32px)' }}
      className="form-dialog"
    >
      {canEdit ? (
        <FormProvider {...form}>
          <form onSubmit={submit} noValidate>
            <DialogBody>{children}</DialogBody>
            <DialogFooter
              actions={
                <>
                  <Button text="Cancel" onClick={requestClose} />
                  <Button type="submit" intent="primary" text={submitText} loading={form.formState.isSubmitting} />
                </>
              }
            />
          </form>
        </FormProvider>
      ) : (
        <>
          <DialogBody>
            <NonIdealState icon="lock" description="You don't have permission to edit this module." />
          </DialogBody>
          <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
        </>
      )}
    </Dialog>
  );
}

/** Server-side field errors beside their inputs too (the toast already lists them). */
function showFieldErrors<Input extends FieldValues>(
  form: UseFormReturn<Input, unknown, unknown>,
  error: unknown,
): void {
  if (!(error instanceof ApiError)) return;
  for (const { field, message } of error.errors) {
    if (field) form.setError(field as Path<Input>, { type: 'server', message });
  }
}
