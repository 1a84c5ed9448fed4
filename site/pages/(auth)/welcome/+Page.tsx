import { SetPasswordPage } from '../../../components/auth/SetPasswordPage';

/** An imported member's first link (issue 55 item 9): they choose the password of their new account. */
export default function WelcomePage() {
  return <SetPasswordPage link="welcome" />;
}
