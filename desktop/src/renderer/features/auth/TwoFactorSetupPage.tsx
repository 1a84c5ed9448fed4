/**
 * Two-factor setup right after a sign-in, when a super admin requires it for all staff (issue 11).
 * Outside the console: the pending session's token stays in this screen (router state) and is
 * stored as the session only once setup is confirmed, so the console never runs on a session the
 * server would refuse. Reloading the page goes back to the login, which brings the person here again.
 */
import { createApiClient, type User } from '@npo/shared';
import { useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { trackedFetch } from '../../offline/connectivity';
import { platform } from '../../platform';
import { setCredentials } from '../../session/session-store';
import { TwoFactorEnrollment } from '../two-factor/TwoFactorEnrollment';
import { AuthLayout } from './AuthLayout';

interface PendingSignIn {
  user: User;
  token: string;
}

function isPendingSignIn(state: unknown): state is PendingSignIn {
  const candidate = state as Partial<PendingSignIn> | null;
  return Boolean(candidate && typeof candidate.token === 'string' && candidate.user);
}

export default function TwoFactorSetupPage() {
  const state: unknown = useLocation().state;
  const navigate = useNavigate();
  const pending = isPendingSignIn(state) ? state : null;
  const client = useMemo(() => {
    if (!pending) return null;
    return createApiClient({ baseUrl: platform.apiBaseUrl, getToken: () => pending.token, fetch: trackedFetch });
  }, [pending]);

  if (!pending || !client) return <Navigate to="/login" replace />;
  return (
    <AuthLayout
      title="Set up two-factor sign-in"
      subtitle="Two-factor sign-in is required for all staff. Set it up to continue."
    >
      <TwoFactorEnrollment
        client={client.twoFactor}
        onDone={() => {
          setCredentials({ ...pending.user, twoFactorEnabled: true }, pending.token);
          void navigate('/', { replace: true });
        }}
        onCancel={() => {
          // The pending session is of no use without the setup: it is ended, not left to expire.
          void client.auth.logout().catch(() => undefined);
          void navigate('/login', { replace: true });
        }}
      />
    </AuthLayout>
  );
}
