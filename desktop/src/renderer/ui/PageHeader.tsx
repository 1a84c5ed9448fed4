import { createContext, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDocumentTitle } from './useDocumentTitle';

/** Where the screen's header keeps its actions, for parts of the screen that add one of their own. */
const SlotContext = createContext<HTMLElement | null>(null);
const SetSlotContext = createContext<(element: HTMLElement | null) => void>(() => undefined);

/** Around each screen (the shell's outlet): lets a part of the screen put its main action in the header. */
export function PageActionsProvider({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <SetSlotContext.Provider value={setSlot}>
      <SlotContext.Provider value={slot}>{children}</SlotContext.Provider>
    </SetSlotContext.Provider>
  );
}

/**
 * A main action shown in the screen's header, top right, where every screen has its "Add …"
 * (issue 21, item 11), though the part of the screen that owns it sits lower down (e.g. a versioned
 * module's "New Version" inside a tab).
 */
export function PageAction({ children }: { children: ReactNode }) {
  const slot = useContext(SlotContext);
  return slot ? createPortal(children, slot) : null;
}

/** The title row of a screen: its heading (the page's only h1), a summary line and its main actions. */
export function PageHeader({ title, summary, actions }: { title: string; summary?: ReactNode; actions?: ReactNode }) {
  useDocumentTitle(title);
  const setSlot = useContext(SetSlotContext);
  return (
    <header className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        {summary && <p className="page-summary">{summary}</p>}
      </div>
      <div className="page-actions" ref={setSlot}>
        {actions}
      </div>
    </header>
  );
}
