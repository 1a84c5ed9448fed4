/**
 * The 21 permission slots (seven modules × view/edit/delete) as a grid of labelled checkboxes, with a
 * select-all box per module (row) and per action (column), and presets for the usual jobs.
 */
import { Button, ButtonGroup, Callout, Checkbox } from '@blueprintjs/core';
import { ACTIONS, ASSIGNABLE_MODULES, type Action, type AssignableModule, type Permissions } from '@npo/shared';
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

const CONTENT: AssignableModule[] = ['membership', 'about', 'activities', 'testimonials', 'faqs'];
/** What each preset grants: modules to the actions given; every other slot is cleared. */
const PRESETS: { label: string; grants: Partial<Record<AssignableModule, Action[]>> }[] = [
  {
    label: 'Content editor',
    grants: Object.fromEntries(CONTENT.map((module) => [module, ['view', 'edit', 'delete']])),
  },
  {
    label: 'Membership officer',
    grants: { members: ['view', 'edit'], connect: ['view', 'edit'], activities: ['view'], membership: ['view'] },
  },
  { label: 'Read only', grants: Object.fromEntries(ASSIGNABLE_MODULES.map((module) => [module, ['view']])) },
  { label: 'None', grants: {} },
];

type Slot = [AssignableModule, Action];
const ALL_SLOTS: Slot[] = ASSIGNABLE_MODULES.flatMap((module) => ACTIONS.map((action): Slot => [module, action]));

/** A box that checks or clears a set of slots: checked when all are, mixed when some are. */
function SelectAll({
  label,
  slots,
  granted,
  onChange,
}: {
  label: string;
  slots: Slot[];
  granted: (slot: Slot) => boolean;
  onChange: (slots: Slot[], on: boolean) => void;
}) {
  const count = slots.filter(granted).length;
  return (
    <Checkbox
      aria-label={label}
      className="permission-checkbox"
      checked={count === slots.length}
      indeterminate={count > 0 && count < slots.length}
      onChange={(event) => onChange(slots, event.currentTarget.checked)}
    />
  );
}

export function PermissionGrid() {
  const { register, setValue, control } = useFormContext<AdminFormValues>();
  const role = useWatch({ control, name: 'role' });
  const isSuperAdmin = role === 'super_admin';
  const permissions = useWatch({ control, name: 'permissions' }) as Permissions | undefined;
  const granted = ([module, action]: Slot) => permissions?.[module]?.[action] === true;
  const set = (slots: Slot[], on: boolean) => {
    for (const [module, action] of slots) setValue(`permissions.${module}.${action}`, on, { shouldDirty: true });
    // As with one box: editing or deleting in a module one cannot open would be useless.
    if (on) for (const [module] of slots) setValue(`permissions.${module}.view`, true, { shouldDirty: true });
  };
  const applyPreset = (grants: Partial<Record<AssignableModule, Action[]>>) => {
    for (const [module, action] of ALL_SLOTS) {
      setValue(`permissions.${module}.${action}`, grants[module]?.includes(action) === true, { shouldDirty: true });
    }
  };

  return (
    <fieldset className="permission-grid" disabled={isSuperAdmin}>
      <legend className="rows-legend">Permissions</legend>
      {isSuperAdmin && (
        <Callout intent="primary" icon="shield" compact className="permission-note">
          Super admins have every permission, including the privacy policy, terms of service and admin users.
        </Callout>
      )}
      <div className="permission-presets" role="group" aria-label="Presets">
        <span className="muted">Presets:</span>
        <ButtonGroup variant="outlined">
          {PRESETS.map((preset) => (
            <Button key={preset.label} size="small" text={preset.label} onClick={() => applyPreset(preset.grants)} />
          ))}
        </ButtonGroup>
      </div>
      <table className="bp6-html-table bp6-compact permission-table">
        <thead>
          <tr>
            <th scope="col">Module</th>
            {ACTIONS.map((action) => (
              <th scope="col" key={action}>
                {ACTION_LABELS[action]}
              </th>
            ))}
            <th scope="col">All</th>
          </tr>
          <tr>
            <th scope="row" className="muted">
              All modules
            </th>
            {ACTIONS.map((action) => (
              <td key={action}>
                <SelectAll
                  label={`${ACTION_LABELS[action]}: all modules`}
                  slots={ASSIGNABLE_MODULES.map((module): Slot => [module, action])}
                  granted={granted}
                  onChange={set}
                />
              </td>
            ))}
            <td>
              <SelectAll label="Every permission" slots={ALL_SLOTS} granted={granted} onChange={set} />
            </td>
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
              <td>
                <SelectAll
                  label={`${MODULE_LABELS[module]}: all actions`}
                  slots={ACTIONS.map((action): Slot => [module, action])}
                  granted={granted}
                  onChange={set}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}
