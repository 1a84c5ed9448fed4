import { organisationName } from '@npo/shared';
import type { ReactNode } from 'react';
import { CheckIcon } from '../icons';
import { ArrowLeftIcon } from './auth-icons';
import { LogoMark } from '../layout/Logo';

const MEMBER_PERKS = [
  'Register for webinars and workshops',
  'Join case study discussions',
  'Connect with colleagues worldwide',
];

/** SPEC 2's two-column auth page: the organisation on one side, the form on the other (stacked on phones). */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="auth">
      <aside className="auth__brand">
        <a href="/" className="auth__logo">
          <LogoMark size={40} />
          <span>{organisationName}</span>
        </a>
        <div className="auth__pitch">
          <p className="auth__pitch-title">A global community for nutrition professionals</p>
          <ul className="auth__perks">
            {MEMBER_PERKS.map((perk) => (
              <li key={perk}>
                <CheckIcon size={18} />
                {perk}
              </li>
            ))}
          </ul>
        </div>
      </aside>
      <main id="main" className="auth__main" tabIndex={-1}>
        <div className="auth__panel">
          <a href="/" className="back-link">
            <ArrowLeftIcon size={18} />
            Back to Home
          </a>
          {children}
        </div>
      </main>
    </div>
  );
}
