/**
 * Whether the signed-in member is registered for an activity, or on its waitlist (and where): asked once per activity and session,
 * and shared by the activity's card and its modal, so a change made in one shows in the other. It is
 * per-user, so it is asked apart from the public activity answers (cached for everyone, they never
 * say anything about one person). An entry also keeps the participant count the member's own
 * register or cancel answered with, newer than the cached list's.
 */
import type { Activity, MyRegistration } from '@npo/shared';
import { useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { statusOf, withApi } from './api';
import type { Auth } from './auth';

interface Entry {
  registered: boolean;
  waitlist: MyRegistration['waitlist'];
  /** The counts of the member's own last change's answer, newer than the cached public ones. */
  counts?: Pick<Activity, 'participants' | 'waitlisted'>;
}

const entries = new Map<string, Entry>();
const asking = new Set<string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function store(key: string, entry: Entry): void {
  entries.set(key, entry);
  for (const listener of listeners) listener();
}

export function useRegistration(activityId: number, auth: Auth) {
  // The token decides the answer: a new session asks again. A visitor asks nothing.
  const key = auth.isAuthenticated ? `${auth.token} ${activityId}` : null;
  const entry = useSyncExternalStore(
    subscribe,
    () => (key === null ? undefined : entries.get(key)),
    () => undefined,
  );
  // auth is a new object on every render: the latest one signs out.
  const signOut = useEffectEvent(() => auth.logout());
  useEffect(() => {
    if (key === null || entries.has(key) || asking.has(key)) return;
    asking.add(key);
    withApi((api) => api.content.activityRegistration(activityId))
      .then((answer) => store(key, { registered: answer.registered, waitlist: answer.waitlist }))
      .catch((error: unknown) => {
        // An ended session signs out (the key goes); any other failure shows the way to register.
        if (statusOf(error) === 401) signOut();
        else store(key, { registered: false, waitlist: null });
      })
      .finally(() => asking.delete(key));
  }, [key, activityId]);

  return {
    registered: entry?.registered ?? false,
    /** Their place on the waitlist, or null. */
    waitlist: entry?.waitlist ?? null,
    /** From a new session until its answer. */
    checking: key !== null && entry === undefined,
    /** The counts the member's own last change answered with, if any. */
    counts: entry?.counts,
    /** `answered`: the activity a change answered with (its counts); `waitlist`: the place in line. */
    record(registered: boolean, answered?: Activity, waitlist: MyRegistration['waitlist'] = null): void {
      if (key === null) return;
      const counts = answered && { participants: answered.participants, waitlisted: answered.waitlisted };
      store(key, { registered, waitlist, ...(counts && { counts }) });
    },
  };
}
