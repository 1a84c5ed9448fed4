/** Navigation helpers around Vike's client router. */

/**
 * Vike's client-side navigation where the page runs Vike's client router; a plain page load on the
 * home page, which hydrates only its islands and so never loads the router (components/islands).
 */
export async function navigate(url: string, options?: { overwriteLastHistoryEntry?: boolean }): Promise<void> {
  if (document.documentElement.dataset.islands !== undefined) {
    if (options?.overwriteLastHistoryEntry) window.location.replace(url);
    else window.location.assign(url);
    return;
  }
  const router = await import('vike/client/router');
  await router.navigate(url, options);
}

/**
 * Where to go after logging in: a path on this site taken from `?next=`, never another origin
 * (`//evil.example` or `/\evil.example` are refused), else home.
 */
export function safeNextPath(search: Record<string, string> | undefined, fallback = '/'): string {
  const next = search?.next;
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  return next;
}

/** Where a visitor who pressed Register is sent first: the login, which comes back to the activity. */
export const loginToRegisterFor = (activityId: number) =>
  `/login?next=${encodeURIComponent(`/?activity=${activityId}`)}`;

/** The activity a login page's `?next=` returns to for registering (see loginToRegisterFor), if any. */
export function activityToRegisterFor(search: Record<string, string> | undefined): number | null {
  const match = /^\/\?activity=(\d{1,10})$/.exec(safeNextPath(search, ''));
  return match ? Number(match[1]) : null;
}

/** Same-page anchors scroll smoothly (SPEC 2); the sticky header's height is kept by scroll-margin in CSS. */
export function scrollToSection(id: string): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  history.replaceState(history.state, '', `#${id}`);
  return true;
}
