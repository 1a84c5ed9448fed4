import type { ReactNode } from 'react';

/** The banner of an inner page: its h1 and a lead paragraph. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="container page-header__inner">
        {eyebrow && <p className="eyebrow eyebrow--light">{eyebrow}</p>}
        <h1 className="page-header__title">{title}</h1>
        {children && <p className="page-header__lead">{children}</p>}
      </div>
    </header>
  );
}
