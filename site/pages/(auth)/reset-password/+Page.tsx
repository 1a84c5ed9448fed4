import { SetPasswordPage } from '../../../components/auth/SetPasswordPage';

export default function ResetPasswordPage() {
  return <SetPasswordPage link="reset" />;
}
