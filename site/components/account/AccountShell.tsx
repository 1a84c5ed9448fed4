import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';

/** The member's account pages, in the user menu's order: each links to the others. */
const ACCOUNT_PAGES = [
  { href: '/account/profile', label: 'Your profile' },
  { href: '/account/activities', label: 'Your activities' },
  { href: '/account/password', label: 'Change password' },
  { href: '/account/data', label: 'Your data' },
] as const;

/** Pages of a few short fields, kept at the login form's measure inside the wider column. */
const NARROW = new Set(['/account/password']);

export function AccountShell({ children }: { children: ReactNode }) {
  const { urlPathname } = usePageContext();
  return (
    <div className="container account">
      <nav className="account__nav" aria-label="Your account">
        <ul className="account__tabs">
          {ACCOUNT_PAGES.map((page) => (
            <li key={page.href}>
              <a
                href={page.href}
                className="account__tab"
                aria-current={urlPathname === page.href ? 'page' : undefined}
              >
                {page.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className={`auth__panel account__panel${NARROW.has(urlPathname) ? ' account__panel--narrow' : ''}`}>
        {children}
      </div>
    </div>
  );
}
