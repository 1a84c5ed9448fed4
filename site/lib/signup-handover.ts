/**
 * Sign-up hands the new member's e-mail to the login page through sessionStorage, read once: never
 * in the address, where it would end in the history and in server logs. A reload of /login, or a
 * visit in another tab, finds nothing and shows the plain page.
 */
const KEY = 'npo.accountCreated';

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage switched off: the login page is then simply the plain one.
    return null;
  }
}

export function handOverSignup(email: string): void {
  try {
    store()?.setItem(KEY, JSON.stringify({ email }));
  } catch {
    // A full or refused store only costs the notice.
  }
}

/** The e-mail sign-up handed over, once: taking it removes it. */
export function takeSignupHandover(): string | null {
  const session = store();
  const raw = session?.getItem(KEY) ?? null;
  if (raw === null) return null;
  session?.removeItem(KEY);
  try {
    const value = JSON.parse(raw) as { email?: unknown };
    return typeof value.email === 'string' ? value.email : null;
  } catch {
    return null;
  }
}
