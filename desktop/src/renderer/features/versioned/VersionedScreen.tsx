/**
 * A versioned content screen: the "New version" action, the list of versions (Active badge, Edit,
 * Activate on inactive versions, Delete) and the form dialog. The kind-specific parts are the
 * version body and the form, given as render functions.
 */
import { Button, Card, Tag } from '@blueprintjs/core';
import { formatAdminDate } from '@npo/shared';
import type { ReactNode } from 'react';
import { useFormDialog, type FormDialogState } from '../../ui/form/useFormDialog';
import { ListStates } from '../../ui/ListStates';
import { useVersions, type VersionBase, type VersionedKind } from './useVersions';
import type { Revisioned } from '../../data/describe-item';

export interface VersionFormProps<Item, Input> {
  dialog: FormDialogState<Item>;
  canEdit: boolean;
  onSave: (input: Input, item?: Revisioned) => Promise<unknown>;
}

interface VersionedScreenProps<Item extends VersionBase, Input> {
  kind: VersionedKind<Item, Input>;
  /** The heading of a version card, e.g. "Version 3" or the policy's title. */
  renderTitle?: (version: Item) => ReactNode;
  renderBody: (version: Item) => ReactNode;
  renderForm: (props: VersionFormProps<Item, Input>) => ReactNode;
  /** "Last updated" on policies, "Updated" elsewhere. */
  updatedLabel?: string;
}

function VersionCard<Item extends VersionBase>({
  version,
  title,
  body,
  updatedLabel,
  actions,
}: {
  version: Item;
  title: ReactNode;
  body: ReactNode;
  updatedLabel: string;
  actions: ReactNode;
}) {
  return (
    <Card
      className={`item-card${version.isActive ? ' item-card-active' : ''}`}
      data-testid="version-card"
      data-version={version.version}
    >
      <div className="item-head">
        <div className="item-title-row">
          <h2 className="item-title">{title}</h2>
          {version.isActive ? (
            <Tag intent="success" icon="tick">
              Active
            </Tag>
          ) : (
            <Tag minimal>Inactive</Tag>
          )}
        </div>
        <div className="item-actions">{actions}</div>
      </div>
      {body}
      <p className="item-meta">
        Created {formatAdminDate(version.createdAt)} · {updatedLabel} {formatAdminDate(version.updatedAt)}
      </p>
    </Card>
  );
}

export function VersionedScreen<Item extends VersionBase, Input>({
  kind,
  renderTitle = (version) => `Version ${version.version}`,
  renderBody,
  renderForm,
  updatedLabel = 'Updated',
}: VersionedScreenProps<Item, Input>) {
  const { access, query, versions, total, save, activate, remove, activatingId } = useVersions(kind);
  const dialog = useFormDialog<Item>();

  function actionsFor(version: Item): ReactNode {
    const deleteHidden = version.isActive && kind.hideDeleteOnActive;
    return (
      <>
        {access.canEdit && (
          <Button icon="edit" variant="minimal" text="Edit" onClick={() => dialog.openEdit(version)} />
        )}
        {access.canEdit && !version.isActive && (
          <Button
            icon="endorsed"
            variant="minimal"
            intent="success"
            text="Activate"
            loading={activatingId === version.id}
            onClick={() => void activate(version)}
          />
        )}
        {access.canDelete && !deleteHidden && (
          <Button
            icon="trash"
            variant="minimal"
            intent="danger"
            text="Delete"
            disabled={version.isActive}
            title={version.isActive ? 'The active version cannot be deleted' : undefined}
            onClick={() => void remove(version)}
          />
        )}
      </>
    );
  }

  return (
    <section className="versioned-screen">
      <div className="section-toolbar">
        <p className="section-count">{query.isSuccess && `${total} ${total === 1 ? 'version' : 'versions'}`}</p>
        {access.canEdit && <Button icon="add" intent="primary" text="New Version" onClick={dialog.openCreate} />}
      </div>
      <ListStates
        query={query}
        loadError={kind.texts.loadError}
        isEmpty={versions.length === 0}
        empty={kind.texts.empty}
      >
        <ul className="item-list" aria-label="Versions">
          {versions.map((version) => (
            <li key={version.id}>
              <VersionCard
                version={version}
                title={renderTitle(version)}
                body={renderBody(version)}
                updatedLabel={updatedLabel}
                actions={actionsFor(version)}
              />
            </li>
          ))}
        </ul>
      </ListStates>
      {renderForm({ dialog, canEdit: access.canEdit, onSave: save })}
    </section>
  );
}
