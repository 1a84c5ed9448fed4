import type { ReactNode } from 'react';
import { FormAlert } from '../forms/Field';

interface DonePanelProps {
  title: string;
  /** The success message(s), inside the alert. */
  children: ReactNode;
  /** A "Go home" button under the alert; without it the page moves on by itself (e.g. to the login). */
  homeLink?: boolean;
}

/** What an account form shows once it has done its work: its title, the message, and the way on. */
export function DonePanel({ title, children, homeLink = false }: DonePanelProps) {
  return (
    <>
      <h1 className="auth__title">{title}</h1>
      <FormAlert tone="success">{children}</FormAlert>
      {homeLink && (
        <div className="auth__actions">
          <a href="/" className="button button--primary button--block">
            Go home
          </a>
        </div>
      )}
    </>
  );
}
