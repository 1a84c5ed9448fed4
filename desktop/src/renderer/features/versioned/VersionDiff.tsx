/**
 * Differences between two versions, on screen: the Compare dialog (two versions side by side) and
 * the list of changes in the activate confirmation. Insertions are <ins> (underlined), deletions
 * <del> (struck through), and each changed field or item says so in words: colour is only a help.
 */
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, Tag } from '@blueprintjs/core';
import { useId, useMemo, useState, type ReactNode } from 'react';
import {
  anyChanges,
  diffFields,
  diffWords,
  type ComparableField,
  type DiffPart,
  type FieldDiff,
  type ListChange,
  type ListEntry,
} from './diff';
import type { VersionBase } from './useVersions';
import './version-diff.css';

type Side = 'before' | 'after';

/** One side of a word diff: the old text with its deletions, or the new one with its insertions. */
function DiffText({ parts, side }: { parts: DiffPart[]; side: Side | 'both' }) {
  return (
    <span className="diff-text">
      {parts.map((part, index) => {
        if (part.type === 'equal') return <span key={index}>{part.text}</span>;
        if (part.type === 'delete') return side === 'after' ? null : <del key={index}>{part.text}</del>;
        return side === 'before' ? null : <ins key={index}>{part.text}</ins>;
      })}
    </span>
  );
}

/** Long unchanged stretches shortened to their ends, for the list of changes. */
function shorten(parts: DiffPart[], context = 60): DiffPart[] {
  return parts.map((part, index) => {
    if (part.type !== 'equal' || part.text.length <= context * 2) return part;
    const first = index === 0;
    const last = index === parts.length - 1;
    const head = first ? '' : part.text.slice(0, context);
    const tail = last ? '' : part.text.slice(-context);
    return { type: 'equal', text: `${head}…${tail}` };
  });
}

function Marked({ change, side, children }: { change: 'delete' | 'insert' | null; side: Side; children: ReactNode }) {
  if (change === 'delete' && side === 'before') return <del>{children}</del>;
  if (change === 'insert' && side === 'after') return <ins>{children}</ins>;
  return <>{children}</>;
}

const CHANGE_LABEL = { added: 'Added', removed: 'Removed', changed: 'Changed' } as const;

function EntryView({
  entry,
  titleParts,
  textParts,
  side,
}: {
  entry: ListEntry;
  titleParts?: DiffPart[];
  textParts?: DiffPart[];
  side: Side | 'both';
}) {
  return (
    <>
      <strong>{titleParts ? <DiffText parts={titleParts} side={side} /> : entry.title}</strong>
      {(entry.text || textParts) && ' — '}
      {textParts ? <DiffText parts={textParts} side={side} /> : entry.text}
    </>
  );
}

/** One side of a list item (the column of the older or the newer version). */
function ListCell({ change, side }: { change: ListChange; side: Side }) {
  if (change.type === 'added' && side === 'before') return <span className="diff-absent">Not in this version</span>;
  if (change.type === 'removed' && side === 'after') return <span className="diff-absent">Not in this version</span>;
  const entry = side === 'before' ? (change as { before: ListEntry }).before : (change as { after: ListEntry }).after;
  if (change.type === 'changed') {
    return (
      <EntryView
        entry={entry}
        titleParts={diffWords(change.before.title, change.after.title)}
        textParts={diffWords(change.before.text, change.after.text)}
        side={side}
      />
    );
  }
  return (
    <Marked change={change.type === 'added' ? 'insert' : change.type === 'removed' ? 'delete' : null} side={side}>
      <EntryView entry={entry} side={side} />
    </Marked>
  );
}

function ChangeTag({ change }: { change: ListChange['type'] }) {
  if (change === 'unchanged') return null;
  return (
    <Tag
      minimal
      intent={change === 'added' ? 'success' : change === 'removed' ? 'danger' : 'warning'}
      className="diff-tag"
    >
      {CHANGE_LABEL[change]}
    </Tag>
  );
}

function FieldCell({ diff, side }: { diff: FieldDiff; side: Side }) {
  if (diff.type === 'text') {
    return diff.parts.length === 0 ? (
      <span className="diff-absent">Empty</span>
    ) : (
      <DiffText parts={diff.parts} side={side} />
    );
  }
  if (diff.type === 'value') {
    const value = side === 'before' ? diff.before : diff.after;
    if (!value) return <span className="diff-absent">Empty</span>;
    return (
      <Marked change={diff.changed ? (side === 'before' ? 'delete' : 'insert') : null} side={side}>
        {value}
      </Marked>
    );
  }
  if (diff.items.length === 0) return <span className="diff-absent">None</span>;
  return (
    <ul className="diff-list">
      {diff.items.map((change, index) => (
        <li key={index} className={`diff-item diff-item-${change.type}`}>
          <ChangeTag change={change.type} />
          <ListCell change={change} side={side} />
        </li>
      ))}
    </ul>
  );
}

function FieldStatus({ changed }: { changed: boolean }) {
  return changed ? (
    <Tag minimal intent="warning" className="diff-tag">
      Changed
    </Tag>
  ) : (
    <span className="diff-unchanged">No changes</span>
  );
}

/** Two versions side by side, field by field; the columns line up field for field. */
export function SideBySide({
  diffs,
  beforeLabel,
  afterLabel,
}: {
  diffs: FieldDiff[];
  beforeLabel: string;
  afterLabel: string;
}) {
  return (
    <div className="diff-side-by-side" data-testid="version-diff">
      <div className="diff-columns diff-heading" aria-hidden="true">
        <span>{beforeLabel}</span>
        <span>{afterLabel}</span>
      </div>
      {diffs.map((diff) => (
        <section key={diff.label} className="diff-field" data-changed={diff.changed}>
          <h3 className="diff-field-title">
            {diff.label} <FieldStatus changed={diff.changed} />
          </h3>
          <div className="diff-columns">
            <div className="diff-cell">
              <span className="sr-only">{beforeLabel}: </span>
              <FieldCell diff={diff} side="before" />
            </div>
            <div className="diff-cell">
              <span className="sr-only">{afterLabel}: </span>
              <FieldCell diff={diff} side="after" />
            </div>
          </div>
        </section>
      ))}
    </div>
  );
}

/** Only what changes, in one column: what the public site will show differently. */
export function ChangeList({ before, after }: { before: ComparableField[]; after: ComparableField[] }) {
  const diffs = useMemo(() => diffFields(before, after), [before, after]);
  const changed = diffs.filter((diff) => diff.changed);
  if (changed.length === 0) {
    return (
      <p className="diff-none" data-testid="activation-changes">
        No differences: the public site will look the same.
      </p>
    );
  }
  return (
    <div className="diff-changes" data-testid="activation-changes">
      <p className="diff-changes-intro">What will change on the public site:</p>
      <dl>
        {changed.map((diff) => (
          <div key={diff.label} className="diff-change">
            <dt>{diff.label}</dt>
            <dd>
              {diff.type === 'text' && <DiffText parts={shorten(diff.parts)} side="both" />}
              {diff.type === 'value' && (
                <>
                  {diff.before ? <del>{diff.before}</del> : <span className="diff-absent">Empty</span>} →{' '}
                  {diff.after ? <ins>{diff.after}</ins> : <span className="diff-absent">Empty</span>}
                </>
              )}
              {diff.type === 'list' && (
                <ul className="diff-list">
                  {diff.items
                    .filter((change) => change.type !== 'unchanged')
                    .map((change, index) => (
                      <li key={index} className={`diff-item diff-item-${change.type}`}>
                        <ChangeTag change={change.type} />
                        {change.type === 'changed' ? (
                          <EntryView
                            entry={change.after}
                            titleParts={diffWords(change.before.title, change.after.title)}
                            textParts={shorten(diffWords(change.before.text, change.after.text))}
                            side="both"
                          />
                        ) : change.type === 'added' ? (
                          <ins>
                            <EntryView entry={change.after} side="after" />
                          </ins>
                        ) : change.type === 'removed' ? (
                          <del>
                            <EntryView entry={change.before} side="before" />
                          </del>
                        ) : null}
                      </li>
                    ))}
                </ul>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export interface ComparePair {
  from: number;
  to: number;
}

/**
 * The default pair: the active version and the given one (or the newest other version). Without an
 * active version, the two newest.
 */
export function defaultPair<Item extends VersionBase>(versions: Item[], selected?: Item): ComparePair | undefined {
  if (versions.length < 2) return undefined;
  const byNewest = [...versions].sort((a, b) => b.version - a.version);
  const active = versions.find((version) => version.isActive);
  const base = active ?? byNewest[1]!;
  const other = selected && selected.id !== base.id ? selected : byNewest.find((version) => version.id !== base.id)!;
  return { from: base.id, to: other.id };
}

interface CompareDialogProps<Item extends VersionBase> {
  isOpen: boolean;
  onClose: () => void;
  versions: Item[];
  initial: ComparePair | undefined;
  describe: (version: Item) => ComparableField[];
  labelOf: (version: Item) => string;
}

export function CompareDialog<Item extends VersionBase>({
  isOpen,
  onClose,
  versions,
  initial,
  describe,
  labelOf,
}: CompareDialogProps<Item>) {
  const [pair, setPair] = useState(initial);
  const fromId = useId();
  const toId = useId();
  const from = versions.find((version) => version.id === pair?.from);
  const to = versions.find((version) => version.id === pair?.to);
  const diffs = useMemo(() => (from && to ? diffFields(describe(from), describe(to)) : []), [from, to, describe]);
  const options = [...versions]
    .sort((a, b) => b.version - a.version)
    .map((version) => ({ value: version.id, label: labelOf(version) }));

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Compare versions" icon="comparison" className="compare-dialog">
      <DialogBody>
        <div className="compare-pickers">
          <FormGroup label="Compare" labelFor={fromId} inline>
            <HTMLSelect
              id={fromId}
              value={pair?.from}
              options={options}
              onChange={(event) =>
                setPair((current) => ({ from: Number(event.currentTarget.value), to: current?.to ?? 0 }))
              }
            />
          </FormGroup>
          <FormGroup label="with" labelFor={toId} inline>
            <HTMLSelect
              id={toId}
              value={pair?.to}
              options={options}
              onChange={(event) =>
                setPair((current) => ({ from: current?.from ?? 0, to: Number(event.currentTarget.value) }))
              }
            />
          </FormGroup>
        </div>
        {from && to ? (
          <>
            <p className="diff-summary" role="status">
              {from.id === to.id
                ? 'The same version is selected twice.'
                : anyChanges(diffs)
                  ? `${diffs.filter((diff) => diff.changed).length} of ${diffs.length} fields differ.`
                  : 'No differences.'}
            </p>
            <SideBySide diffs={diffs} beforeLabel={labelOf(from)} afterLabel={labelOf(to)} />
          </>
        ) : (
          <p className="diff-summary">Choose two versions.</p>
        )}
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
    </Dialog>
  );
}
