/**
 * Item D of issue 18: closing the conflict dialog decides nothing, and a second conflict waits for
 * the first instead of answering it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from './outbox';
import { fakeApi, signedInPlatform, STAFF, until } from './test-support';

async function load() {
  vi.resetModules();
  vi.doMock('../platform', () => ({ platform: signedInPlatform() }));
  return { conflicts: await import('./conflicts'), outbox: await import('./outbox'), sync: await import('./sync') };
}

const question = (label: string) => ({
  label,
  mine: { name: label },
  theirs: { name: 'Server' },
  method: 'PUT' as const,
});

beforeEach(() => vi.stubGlobal('fetch', fakeApi().fetch));
afterEach(() => vi.unstubAllGlobals());

describe('D: conflicts are never answered for the staff member', () => {
  it('a second question waits its turn; the first keeps its own answer', async () => {
    const { conflicts } = await load();
    const first = conflicts.askConflict(question('First'));
    const second = conflicts.askConflict(question('Second'));
    const answers: string[] = [];
    void first.then((choice) => answers.push(`first:${choice}`));
    void second.then((choice) => answers.push(`second:${choice}`));
    await until(() => expect(conflicts.queuedConflicts()).toBe(1));
    expect(answers).toEqual([]);

    const showing = () => conflicts.currentConflict();
    expect(showing()?.question.label).toBe('First');
    showing()?.answer('mine');
    await until(() => expect(answers).toEqual(['first:mine']));
    expect(showing()?.question.label).toBe('Second');
    showing()?.answer('theirs');
    await until(() => expect(answers).toEqual(['first:mine', 'second:theirs']));
    expect(showing()).toBeNull();
  });

  it('closing the dialog on a waiting change keeps it in conflict, with the editor’s values', async () => {
    const { conflicts, outbox, sync } = await load();
    const { entry } = await outbox.enqueue(
      {
        method: 'PUT',
        path: '/admin/testimonials/4',
        body: { name: 'Mine' },
        revision: 2,
        label: 'Edit testimonial “Mine”',
        invalidates: [['testimonials']],
      },
      STAFF.id,
    );
    await outbox.updateEntry(entry.id, { state: 'conflict', current: { id: 4, revision: 3, name: 'Theirs' } });
    const review = sync.reviewConflict(outbox.getEntry(entry.id) as OutboxEntry);
    await until(() => expect(conflicts.currentConflict()).not.toBeNull());
    // What the dialog's Esc and × do.
    conflicts.currentConflict()?.answer('later');
    await review;
    expect(outbox.entriesOf(STAFF.id)).toMatchObject([{ id: entry.id, state: 'conflict', body: { name: 'Mine' } }]);
  });
});
