import type { ReactNode } from 'react';
import { AccountShell } from '../../components/account/AccountShell';
import { SiteChrome } from '../../components/layout/SiteChrome';

/** A signed-in member's own pages sit in the site, with its header, not alone as the login does. */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <SiteChrome>
      <AccountShell>{children}</AccountShell>
    </SiteChrome>
  );
}
