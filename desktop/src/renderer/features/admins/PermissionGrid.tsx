/** The 21 permission slots (seven modules × view/edit/delete) as a grid of labelled checkboxes. */
import { Callout, Checkbox } from '@blueprintjs/core';
import { ACTIONS, ASSIGNABLE_MODULES, type Action, type AssignableModule } from '@npo/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AdminFormValues } from './admin-form-values';

export const MODULE_LABELS: Record<AssignableModule, string> = {
  membership: 'Membership',
  about: 'About Us',
  activities: 'Activities',
  connect: 'Connect Us',
  testimonials: 'Testimonials',
  faqs: 'FAQs',
  members: 'Members',
};

const ACTION_LABELS: Record<Action, string> = { view: 'View', edit: 'Edit', delete: 'Delete' };

export function PermissionGrid() {
  const { register, setValue, control } = useFormContext<AdminFormValues>();
  const role = useWatch({ control, name: 'role' });
  const isSuperAdmin = role === 'super_admin';

  return (
    <fieldset className="permission-grid" disabled={isSuperAdmin}>
      <legend className="rows-legend">Permissions</legend>
      {isSuperAdmin && (
        <Callout intent="primary" icon="shield" compact className="permission-note">
          Super admins have every permission, including the privacy policy, terms of service and admin users.
        </Callout>
      )}
      <table className="bp6-html-table bp6-compact permission-table">
        <thead>
          <tr>
            <th scope="col">Module</th>
            {ACTIONS.map((action) => (
              <th scope="col" key={action}>
                {ACTION_LABELS[action]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ASSIGNABLE_MODULES.map((module) => (
            <tr key={module}>
              <th scope="row">{MODULE_LABELS[module]}</th>
              {ACTIONS.map((action) => {
                const { ref, onChange, ...field } = register(`permissions.${module}.${action}`);
                return (
                  <td key={action}>
                    <Checkbox
                      inputRef={ref}
                      {...field}
                      onChange={(event) => {
                        void onChange(event);
                        // Editing or deleting in a module one cannot open would be useless: grant view with it.
                        if (action !== 'view' && event.currentTarget.checked) {
                          setValue(`permissions.${module}.view`, true, { shouldDirty: true });
                        }
                      }}
                      aria-label={`${MODULE_LABELS[module]}: ${ACTION_LABELS[action]}`}
                      className="permission-checkbox"
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}
