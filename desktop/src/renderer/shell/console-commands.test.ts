/**
 * The desktop menu's commands and the inbox notifications, as far as they are decisions (the browser
 * test desktop/e2e/desktop-renderer.spec.ts runs them in a page): what arrived between two looks at the
 * inbox, and which part of the screen each command acts on.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('../platform', () => ({ platform: { kind: 'electron', storage: { get: () => null } } }));
const shown = vi.hoisted(() => ({ panel: 0, toasts: [] as string[] }));
vi.mock('../offline/ConnectionBanner', () => ({ showWaitingChanges: () => void (shown.panel += 1) }));
vi.mock('../ui/toaster', () => ({ notifySuccess: (text: string) => void shown.toasts.push(text) }));

const { arrivalsBetween } = await import('./useMessageNotifications');
const { NOTHING_WAITING, runConsoleCommand } = await import('./useConsoleCommands');

describe('arrivalsBetween', () => {
  it('counts nothing at the first look, nor without a newer message', () => {
    expect(arrivalsBetween(null, { unread: 4, newestId: 9 })).toBe(0);
    expect(arrivalsBetween({ unread: 4, newestId: 9 }, { unread: 3, newestId: 9 })).toBe(0);
    expect(arrivalsBetween({ unread: 0, newestId: null }, { unread: 0, newestId: null })).toBe(0);
  });

  it('counts the rise in unread messages when a newer one came, at least one', () => {
    expect(arrivalsBetween({ unread: 1, newestId: 9 }, { unread: 3, newestId: 11 })).toBe(2);
    // One arrived while another was read: still news.
    expect(arrivalsBetween({ unread: 2, newestId: 9 }, { unread: 2, newestId: 10 })).toBe(1);
    expect(arrivalsBetween({ unread: 0, newestId: null }, { unread: 1, newestId: 1 })).toBe(1);
  });
});

/** Just enough of a document: the elements a command looks for, found by their selector. */
function fakeDocument(elements: Record<string, unknown[]>) {
  const root = {
    querySelectorAll: (selector: string) => {
      const found = elements[selector] ?? [];
      return { length: found.length, item: (index: number) => found[index] ?? null };
    },
    querySelector: (selector: string) => elements[selector]?.[0] ?? null,
  };
  return root as unknown as Document;
}

describe('runConsoleCommand', () => {
  const navigate = vi.fn();
  const run = (command: Parameters<typeof runConsoleCommand>[0], root: Document, waiting = 0) =>
    runConsoleCommand(command, { root, navigate, waiting });

  it('goes to a screen, and to the inbox', () => {
    run('go:/faqs', fakeDocument({}));
    run('open-inbox', fakeDocument({}));
    expect(navigate.mock.calls).toEqual([['/faqs'], ['/connect/messages']]);
  });

  it('opens the waiting changes, or says none wait', () => {
    run('show-waiting-changes', fakeDocument({}), 0);
    run('show-waiting-changes', fakeDocument({}), 2);
    expect(shown.toasts).toEqual([NOTHING_WAITING]);
    expect(shown.panel).toBe(1);
  });

  it("presses the header's main action for a new item, but not under an open dialog", () => {
    const add = { click: vi.fn() };
    run('new-item', fakeDocument({ '.page-header .page-actions button:not([disabled])': [add] }));
    expect(add.click).toHaveBeenCalledTimes(1);
    run(
      'new-item',
      fakeDocument({
        '[role="dialog"], [role="alertdialog"]': [{}],
        '.page-header .page-actions button:not([disabled])': [add],
      }),
    );
    expect(add.click).toHaveBeenCalledTimes(1);
  });

  it("submits the topmost dialog's form, and focuses the list's search box", () => {
    const form = { requestSubmit: vi.fn() };
    const lower = { querySelector: () => ({ requestSubmit: vi.fn() }) };
    const upper = { querySelector: (selector: string) => (selector === 'form' ? form : null) };
    run('save', fakeDocument({ '[role="dialog"], [role="alertdialog"]': [lower, upper] }));
    expect(form.requestSubmit).toHaveBeenCalledTimes(1);
    const search = { focus: vi.fn(), select: vi.fn() };
    run('find', fakeDocument({ 'input[type="search"]': [search] }));
    expect(search.focus).toHaveBeenCalled();
    // Without a dialog or a form, Save does nothing.
    expect(() => run('save', fakeDocument({}))).not.toThrow();
  });
});
