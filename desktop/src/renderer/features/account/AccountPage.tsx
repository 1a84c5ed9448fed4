/**
 * "My account" (issue 11): the signed-in person's own security — password, two-factor sign-in and
 * the sessions signed in with the account. Open to every staff account, whatever its permissions.
 */
import { PageHeader } from '../../ui/PageHeader';
import { PasswordSection } from './PasswordSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

export default function AccountPage() {
  return (
    <div className="account-page">
      <PageHeader title="My account" summary="Your password, two-factor sign-in and signed-in sessions." />
      <PasswordSection />
      <TwoFactorSection />
      <SessionsSection />
    </div>
  );
}
