import { organisationName } from '@npo/shared';
import type { ReactNode } from 'react';
import { Island } from '../islands/Island';
import { Footer } from './Footer';
import { Header } from './Header';

/** Header, the page, footer: every public page except the auth screens, which stand alone. */
export function SiteChrome({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Island name="header" props={{ organisationName }}>
        <Header organisationName={organisationName} />
      </Island>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
