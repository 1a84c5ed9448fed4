/**
 * A list of names staff keep, each with how many carry it (the specialties profiles name, the tags
 * members carry: issue 57): added and renamed with the module's edit right, removed with its delete
 * right. Removing one in use asks first, saying how many lose it; a name the server refuses (taken in
 * another case, too long) shows beside the field. Each screen gives its words, its list and requests.
 */
import { Button, HTMLTable, MenuDivider, MenuItem } from '@blueprintjs/core';
import type { ChangeRequest, Module } from '@npo/shared';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useAdminMutation } from '../../data/useAdminMutation';
import { useModuleAccess } from '../../data/useModuleAccess';
import { useConfirm } from '../ConfirmProvider';
import { FormDialog } from '../form/FormDialog';
import { TextField } from '../form/fields';
import { schemaResolver } from '../form/resolver';
import { useFormDialog, type FormDialogState } from '../form/useFormDialog';
import { ListStates } from '../ListStates';
import { PageHeader } from '../PageHeader';
import { RowMenu } from '../RowMenu';
import { TableHead } from '../TableHead';

export interface NamedItem {
  id: number;
  revision: number;
  name: string;
}

interface NameInput {
  name: string;
}

export interface NamedListConfig<Item extends NamedItem> {
  module: Module;
  /** The page's title, in the plural ("Specialties"); the table is labelled by it. */
  title: string;
  summary: string;
  /** One of them, in lower case ("specialty"): the buttons, dialogs and messages name it. */
  noun: string;
  /** The word of removal the screen uses ("Remove", "Delete"). */
  removeVerb: 'Remove' | 'Delete';
  /** The column of the count ("Profiles") and each item's count. */
  usesColumn: string;
  uses: (item: Item) => number;
  /** A count in words: "1 profile", "3 members". */
  usesText: (count: number) => string;
  /** Under the name when renaming: who shows the new name. */
  renameHelper: (item: Item) => string;
  /** The confirmation's question for one in use, and for one nobody carries. */
  confirmInUse: (item: Item) => string;
  confirmUnused: (item: Item) => string;
  /** Each row's test id. */
  rowTestId: string;
  list: { queryKey: QueryKey; queryFn: () => Promise<Item[]> };
  schema: z.ZodType<NameInput>;
  requests: {
    create: (body: NameInput) => ChangeRequest;
    rename: (item: Item, body: NameInput) => ChangeRequest;
    remove: (item: Item) => ChangeRequest;
  };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function NameForm<Item extends NamedItem>({
  config,
  dialog,
  canEdit,
}: {
  config: NamedListConfig<Item>;
  dialog: FormDialogState<Item>;
  canEdit: boolean;
}) {
  const editing = dialog.item;
  const { noun } = config;
  const form = useForm<NameInput, unknown, NameInput>({
    resolver: schemaResolver(config.schema),
    defaultValues: { name: editing?.name ?? '' },
  });
  const save = useAdminMutation<NameInput, Item>({
    change: (body) =>
      editing
        ? { ...config.requests.rename(editing, body), label: `Rename ${editing.name}` }
        : { ...config.requests.create(body), label: `Add ${body.name}` },
    success: `${capitalised(noun)} ${editing ? 'renamed' : 'added'}`,
    failure: `Failed to ${editing ? 'rename' : 'add'} the ${noun}`,
  });
  return (
    <FormDialog
      title={`${editing ? 'Rename' : 'Add'} ${noun}`}
      icon="tag"
      isOpen={dialog.isOpen}
      onClose={dialog.close}
      form={form}
      onSubmit={(values) => save.mutateAsync(values)}
      submitText={editing ? 'Rename' : `Add ${noun}`}
      canEdit={canEdit}
      width={480}
    >
      <TextField<NameInput>
        name="name"
        label="Name"
        autoFocus
        helper={editing ? config.renameHelper(editing) : undefined}
      />
    </FormDialog>
  );
}

/** Remove, confirmed: one in use goes from those who carry it too, which the confirmation says. */
function useConfirmedRemove<Item extends NamedItem>(config: NamedListConfig<Item>) {
  const confirm = useConfirm();
  const verb = config.removeVerb;
  const remove = useAdminMutation<Item, null>({
    change: (item) => ({ ...config.requests.remove(item), label: `${verb} ${item.name}` }),
    success: `${capitalised(config.noun)} ${verb.toLowerCase()}d`,
    failure: `Failed to ${verb.toLowerCase()} the ${config.noun}`,
  });
  return async (item: Item) => {
    const count = config.uses(item);
    const yes = await confirm({
      message: count > 0 ? config.confirmInUse(item) : config.confirmUnused(item),
      confirmText: count > 0 ? `${verb} from ${config.usesText(count)}` : verb,
      intent: 'danger',
      icon: 'trash',
    });
    if (yes) remove.mutate(item);
  };
}

export function NamedListPage<Item extends NamedItem>({ config }: { config: NamedListConfig<Item> }) {
  const { canEdit, canDelete } = useModuleAccess(config.module);
  const dialog = useFormDialog<Item>();
  const remove = useConfirmedRemove(config);
  const query = useQuery(config.list);
  const items = query.data ?? [];
  const addText = `Add ${config.noun}`;
  return (
    <>
      <PageHeader
        title={config.title}
        summary={config.summary}
        actions={canEdit && <Button icon="add" intent="primary" text={addText} onClick={dialog.openCreate} />}
      />
      <ListStates
        query={query}
        loadError={`Failed to load the ${config.title.toLowerCase()}`}
        isEmpty={items.length === 0}
        empty={`No ${config.title.toLowerCase()} yet.`}
      >
        <div className="table-scroll">
          {/* The admins table's look (full width, cells centred, the actions column as narrow as it can be), as the mail's. */}
          <HTMLTable compact striped className="admins-table" aria-label={config.title}>
            <TableHead
              columns={[{ label: 'Name' }, { label: config.usesColumn }, { label: 'Actions', look: 'muted' }]}
            />
            <tbody>
              {items.map((item) => (
                <tr key={item.id} data-testid={config.rowTestId}>
                  <td className="cell-strong">{item.name}</td>
                  <td>{config.uses(item)}</td>
                  <td className="cell-actions">
                    {(canEdit || canDelete) && (
                      <RowMenu label={`Actions for ${item.name}`}>
                        {canEdit && <MenuItem icon="edit" text="Rename" onClick={() => dialog.openEdit(item)} />}
                        {canDelete && (
                          <>
                            {canEdit && <MenuDivider />}
                            <MenuItem
                              icon="trash"
                              intent="danger"
                              text={config.removeVerb}
                              onClick={() => void remove(item)}
                            />
                          </>
                        )}
                      </RowMenu>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      </ListStates>
      {/* Kept mounted while it closes, as the other screens' forms are: the focus returns to the button that opened it. */}
      <NameForm key={dialog.key} config={config} dialog={dialog} canEdit={canEdit} />
    </>
  );
}
