/**
 * The routes of SPEC 2 under /admin. The signed-out screens (login, password reset, and the desktop
 * app's server address) are light; everything else is the signed-in console (console/ConsoleApp.tsx),
 * loaded only when someone is signed in. The login screen thus loads no query library, form library,
 * zod, charts or shell.
 */
import { lazy, useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { loadConsole } from './console/load-console';
import LoginPage from './features/auth/LoginPage';
import { platform } from './platform';
import { useSession } from './session/session-store';

const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
const ForgotPasswordPage = page(() => import('./features/auth/ForgotPasswordPage'));
const ResetPasswordPage = page(() => import('./features/auth/ResetPasswordPage'));
const ServerSettingsPage = page(() => import('./features/server/ServerSettingsPage'));
const TwoFactorSetupPage = page(() => import('./features/auth/TwoFactorSetupPage'));
const FirstPasswordPage = page(() => import('./features/auth/FirstPasswordPage'));
const ConsoleApp = page(loadConsole);

/** Desktop: the "Server address…" menu item opens the server screen from anywhere. */
function useServerSettingsMenu(): void {
  const navigate = useNavigate();
  useEffect(() => platform.server?.onOpenSettings(() => void navigate('/server')), [navigate]);
}

/** Without a session the console is not even loaded: straight to the login (its guard checks the rest). */
function Console() {
  return useSession() ? <ConsoleApp /> : <Navigate to="/login" replace />;
}

export function AppRoutes() {
  useServerSettingsMenu();
  // Desktop, first run: nothing else makes sense before the app knows its server.
  if (platform.server && !platform.server.current()) return <ServerSettingsPage />;
  return (
    <Routes>
      {platform.server && <Route path="server" element={<ServerSettingsPage />} />}
      <Route path="login" element={<LoginPage />} />
      <Route path="forgot-password" element={<ForgotPasswordPage />} />
      <Route path="reset-password" element={<ResetPasswordPage />} />
      <Route path="two-factor-setup" element={<TwoFactorSetupPage />} />
      <Route path="choose-password" element={<FirstPasswordPage />} />
      <Route path="*" element={<Console />} />
    </Routes>
  );
}
