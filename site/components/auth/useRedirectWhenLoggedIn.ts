import { useEffect, useRef } from 'react';
import { useAuth } from '../../lib/auth';
import { navigate } from '../../lib/navigation';

/**
 * SPEC: a logged-in member who opens /login or /signup is sent home. The returned ref lets a form
 * that has just logged in send the member elsewhere (?next=) without this racing it home.
 */
export function useRedirectWhenLoggedIn() {
  const { isAuthenticated } = useAuth();
  const leaving = useRef(false);
  useEffect(() => {
    if (isAuthenticated && !leaving.current) void navigate('/', { overwriteLastHistoryEntry: true });
  }, [isAuthenticated]);
  return leaving;
}
