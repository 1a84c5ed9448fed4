/**
 * Skips that say why. A test or suite skipped through these carries its reason in its meta, which the
 * JSON report keeps and scripts/run-tests.mjs prints beside the name of every skipped test, so a
 * suite that cannot run here is listed, not silently left out.
 */

declare module '@vitest/runner' {
  interface TaskMeta {
    /** Why the test was skipped. */
    skipReason?: string;
  }
}

/** The options of an `it`/`describe` that is skipped when `reason` is a string, and runs otherwise. */
export function skipWhen(reason: string | false | undefined): { skip: boolean; meta?: { skipReason: string } } {
  return reason ? { skip: true, meta: { skipReason: reason } } : { skip: false };
}
