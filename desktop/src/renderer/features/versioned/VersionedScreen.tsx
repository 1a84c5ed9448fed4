/**
 * A versioned content screen: the "New version" action, the list of versions (Active badge, Edit,
 * Activate on inactive versions, Delete) and the form dialog. The kind-specific parts are the
 * version body and the form, given as render functions.
 */
import { Button, Card, Tag } from '@blueprintjs/core';
import { formatAdminDate } from '@npo/shared';
import { useState, type ReactNode } from 'react';
import { useFormDialog, type FormDialogState } from '../../ui/form/useFormDialog';
import { ListStates } from '../../ui/ListStates';
import { PageAction } from '../../ui/PageHeader';
import { useVersions, type VersionBase, type VersionedKind } from './useVersions';
import type { Revisioned } from '../../data/describe-item';
import { ChangeList, CompareDialog, defaultPair, type ComparePair } from './VersionDiff';
import { ScheduleDialog } from './ScheduleDialog';
import { formatLocalDateTime } from '../../ui/dates';

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
  scheduleAction,
}: {
  version: Item;
  title: ReactNode;
  body: ReactNode;
  updatedLabel: string;
  actions: ReactNode;
  /** Cancel, beside "Scheduled for …" (for staff who may edit). */
  scheduleAction: ReactNode;
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
      {version.scheduledAt && !version.isActive && (
        <p className="version-schedule" data-testid="version-schedule">
          <Tag icon="time" intent="primary" minimal>
            Scheduled for {formatLocalDateTime(version.scheduledAt)}
          </Tag>
          {scheduleAction}
        </p>
      )}
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
  const { access, query, versions, total, save, activate, remove, activatingId, schedule, cancelSchedule } =
    useVersions(kind);
  // Keyed per opening, so the fields start afresh each time.
  const [scheduling, setScheduling] = useState<{ key: number; version: Item | null }>({ key: 0, version: null });
  const openSchedule = (version: Item) => setScheduling((current) => ({ key: current.key + 1, version }));
  const dialog = useFormDialog<Item>();
  const [compare, setCompare] = useState<{ key: number; pair: ComparePair | undefined; isOpen: boolean }>({
    key: 0,
    pair: undefined,
    isOpen: false,
  });
  const activeVersion = versions.find((version) => version.isActive);
  const openCompare = (selected?: Item) =>
    setCompare((current) => ({ key: current.key + 1, pair: defaultPair(versions, selected), isOpen: true }));
  const labelOf = (version: Item) => `Version ${version.version}${version.isActive ? ' (active)' : ''}`;

  /** The activate confirmation lists what the public site will show differently. */
  function activateWithChanges(version: Item): void {
    const details = activeVersion ? (
      <ChangeList before={kind.describe(activeVersion)} after={kind.describe(version)} />
    ) : (
      <p className="diff-none" data-testid="activation-changes">
        No version is live yet: the public site will show this one.
      </p>
    );
    void activate(version, activeVersion, details);
  }

  function actionsFor(version: Item): ReactNode {
    const deleteHidden = version.isActive && kind.hideDeleteOnActive;
    return (
      <>
        {access.canEdit && (
          <Button icon="edit" variant="minimal" text="Edit" onClick={() => dialog.openEdit(version)} />
        )}
        {access.canEdit && (
          <Button
            icon="duplicate"
            variant="minimal"
            text="Duplicate as new draft"
            aria-label={`Duplicate as new draft: version ${version.version}`}
            onClick={() => dialog.openCreateFrom(version)}
          />
        )}
        {access.canEdit && !version.isActive && (
          <Button
            icon="endorsed"
            variant="minimal"
            intent="success"
            text="Activate"
            loading={activatingId === version.id}
            onClick={() => activateWithChanges(version)}
          />
        )}
        {access.canEdit && !version.isActive && (
          <Button
            icon="time"
            variant="minimal"
            text="Schedule…"
            aria-label={`Schedule version ${version.version}`}
            onClick={() => openSchedule(version)}
          />
        )}
        {!version.isActive && activeVersion && (
          <Button
            icon="comparison"
            variant="minimal"
            text="Compare"
            aria-label={`Compare version ${version.version} with the active version`}
            onClick={() => openCompare(version)}
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
        <div className="section-toolbar-actions">
          {versions.length > 1 && <Button icon="comparison" text="Compare" onClick={() => openCompare()} />}
          {access.canEdit && (
            // A new version starts as a copy of the live one: most changes are small edits of it.
            // In the header, where every screen has its main action.
            <PageAction>
              <Button
                icon="add"
                intent="primary"
                text="New Version"
                // Until the versions are read, the live one to start from is not known yet.
                disabled={query.isPending}
                onClick={() => dialog.openCreateFrom(activeVersion)}
              />
            </PageAction>
          )}
        </div>
      </div>
      <ListStates
        query={query}
        loadError={kind.texts.loadError}
        isEmpty={versions.length === 0}
        empty={kind.texts.empty}
      >
        <ul className="item-list" role="list" aria-label="Versions">
          {versions.map((version) => (
            <li key={version.id}>
              <VersionCard
                version={version}
                title={renderTitle(version)}
                body={renderBody(version)}
                updatedLabel={updatedLabel}
                actions={actionsFor(version)}
                scheduleAction={
                  access.canEdit && (
                    <Button
                      variant="minimal"
                      size="small"
                      text="Cancel"
                      aria-label={`Cancel the schedule of version ${version.version}`}
                      onClick={() => cancelSchedule(version)}
                    />
                  )
                }
              />
            </li>
          ))}
        </ul>
      </ListStates>
      {renderForm({ dialog, canEdit: access.canEdit, onSave: save })}
      <ScheduleDialog
        key={scheduling.key}
        label={scheduling.version && `version ${scheduling.version.version}`}
        initial={scheduleStart(scheduling.version)}
        onClose={() => setScheduling((current) => ({ ...current, version: null }))}
        onSchedule={(activateAt) => schedule(scheduling.version!, activateAt)}
      />
      <CompareDialog
        key={compare.key}
        isOpen={compare.isOpen}
        onClose={() => setCompare((current) => ({ ...current, isOpen: false }))}
        versions={versions}
        initial={compare.pair}
        describe={kind.describe}
        labelOf={labelOf}
      />
    </section>
  );
}

/** The dialog starts at the version's current schedule, else at the next full hour. */
function scheduleStart(version: VersionBase | null): Date {
  if (version?.scheduledAt) return new Date(version.scheduledAt);
  const next = new Date();
  next.setHours(next.getHours() + 1, 0, 0, 0);
  return next;
}
