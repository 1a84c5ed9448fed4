/** The frame of the signed-out screens: a centred card under the organisation's mark. */
import { Card } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Wordmark } from '../../ui/Logo';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { ThemeToggle } from '../../shell/ThemeToggle';

export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="auth-page">
      <div className="auth-theme">
        <ThemeToggle />
      </div>
      <main className="auth-main">
        <div className="auth-brand">
          <Wordmark />
        </div>
        <Card className="auth-card" elevation={2}>
          <h1 className="auth-title">{title}</h1>
          {subtitle && <p className="auth-subtitle">{subtitle}</p>}
          {children}
        </Card>
      </main>
    </div>
  );
}
