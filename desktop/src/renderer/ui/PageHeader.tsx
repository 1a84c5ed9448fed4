import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

/** The title row of a screen: its heading (the page's only h1), a summary line and its main actions. */
export function PageHeader({ title, summary, actions }: { title: string; summary?: ReactNode; actions?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        {summary && <p className="page-summary">{summary}</p>}
      </div>
      {actions && <div className="page-actions">{actions}</div>}
    </header>
  );
}
