/**
 * The route guard of SPEC 4: without a token and user, or with a role other than admin/super_admin,
 * the visitor goes to /admin/login. When the console loads, the user is refreshed from /auth/me (so
 * permission changes made by a super admin apply), and a failed refresh also ends the session.
 */
import { isAdminRole, isNetworkError } from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { api } from '../api/client';
import { cachePolicy } from '../api/cache-policy';
import { queryKeys } from '../api/query-keys';
import { clearSession, replaceUser, useSession } from './session-store';

export function RequireAdmin() {
  const session = useSession();
  const allowed = session !== null && isAdminRole(session.user.role);
  const me = useQuery({
    queryKey: queryKeys.me,
    queryFn: api.auth.me,
    enabled: allowed,
    // Only an answer ends the session: offline, the console goes on with the stored profile.
    retry: (_count, error) => isNetworkError(error),
    ...cachePolicy('authMe'),
  });

  useEffect(() => {
    if (me.data?.user) replaceUser(me.data.user);
  }, [me.data]);

  const refused = !allowed || me.isError;
  useEffect(() => {
    if (refused) clearSession();
  }, [refused]);

  if (refused) return <Navigate to="/login" replace />;
  return <Outlet />;
}
