import type { ReactNode } from 'react';

interface SectionProps {
  id?: string;
  title: string;
  /** A short line above the title. */
  eyebrow?: string;
  intro?: ReactNode;
  /** h1 when the section is a page of its own (/connect), h2 on the home page. */
  level?: 1 | 2;
  tone?: 'plain' | 'tinted';
  children: ReactNode;
}

export function Section({ id, title, eyebrow, intro, level = 2, tone = 'plain', children }: SectionProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, '-')}-title`;
  return (
    <section id={id} className={`section section--${tone}`} aria-labelledby={headingId} tabIndex={-1}>
      <div className="container">
        <header className="section__header">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <Heading id={headingId} className="section__title">
            {title}
          </Heading>
          {intro && <p className="section__intro">{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}

export function StatusText({ children }: { children: ReactNode }) {
  return (
    <p className="status-text" role="status">
      {children}
    </p>
  );
}
