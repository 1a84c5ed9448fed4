/**
 * Scheduled activation (issue 21 item 3). Every instance runs this: a timer to the next due schedule,
 * never longer than VERSION_SCHEDULE_LOOK_MS (30 s by default), so a schedule set through another instance is seen within that
 * time. A due version is activated in one transaction that first locks every version of its kind
 * (PostgreSQL: FOR UPDATE), then reads the due schedule again, clears it and activates: an instance
 * that waited on the lock finds nothing left, so exactly one activates. The schedule lives in the
 * database, so a restart neither loses it nor repeats it (a schedule due at start is applied then).
 */
import { API, type VersionedItem } from '@npo/shared';
import type { Db } from '../../db/connection.js';
import { toIso } from '../../db/rows.js';
import type { AppDeps } from '../../deps.js';
import { aboutUsKind } from '../about-us/repository.js';
import { withAuditScope } from '../audit/scope.js';
import { recordAudit } from '../audit/record.js';
import { contactInfoKind } from '../contact-info/repository.js';
import { privacyPolicyKind } from '../privacy-policy/repository.js';
import { termsOfServiceKind } from '../terms-of-service/repository.js';
import { createVersionsRepository, type VersionedKind, type VersionedTable } from './repository.js';

const MIN_WAIT_MS = 250;

export interface VersionSchedule {
  /** The first run, at start: a schedule that fell due while no instance ran is applied here. */
  ready: Promise<void>;
  /** Activates every version due by the clock; answers how many this instance activated. */
  runDue(): Promise<number>;
  /** Stops the timer and waits for a run under way, so the database can be closed after it. */
  stop(): Promise<void>;
}

type VersionsRepository = ReturnType<typeof createVersionsRepository>;

interface ScheduledKind {
  versions: Pick<VersionsRepository, 'lockAll' | 'firstDue' | 'deactivateOthers' | 'setActive' | 'nextScheduled'>;
  /** The policy module its audit entries are filed under, as the staff routes file them. */
  module: string;
}

function scheduledKind<Table extends VersionedTable, Input, Entity extends VersionedItem>(
  db: Db,
  kind: VersionedKind<Table, Input, Entity>,
  module: string,
): ScheduledKind {
  return { versions: createVersionsRepository(db, kind), module };
}

function scheduledKinds(db: Db): ScheduledKind[] {
  return [
    scheduledKind(db, aboutUsKind, API.aboutUs.activate.module),
    scheduledKind(db, contactInfoKind, API.contactInfo.activate.module),
    scheduledKind(db, privacyPolicyKind, API.privacyPolicy.activate.module),
    scheduledKind(db, termsOfServiceKind, API.termsOfService.activate.module),
  ];
}

/**
 * Applies the first due schedule of one kind, if any: true when one was found (and cleared). A
 * version activated by hand meanwhile had its schedule dropped then; a deleted one took it along.
 */
async function applyFirstDue(deps: AppDeps, { versions, module }: ScheduledKind): Promise<'none' | 'activated'> {
  const now = deps.clock.now();
  return deps.db.transaction(async (trx: Db) => {
    await versions.lockAll(trx);
    const due = await versions.firstDue(now, trx);
    if (!due) return 'none';
    await versions.deactivateOthers(due.id, now, trx);
    await versions.setActive(due.id, now, { trx });
    await recordAudit(trx, {
      action: 'scheduled_activation',
      module,
      entityId: due.id,
      // Nobody acted: the scheduler did, for the staff member named here.
      actor: null,
      changes: {
        is_active: { before: false, after: true },
        activate_at: { before: toIso(due.activate_at), after: null },
        scheduled_by: { before: due.scheduled_by, after: null },
      },
    });
    return 'activated';
  });
}

async function activateDue(deps: AppDeps, kinds: ScheduledKind[]): Promise<number> {
  let activated = 0;
  for (const kind of kinds) {
    while ((await applyFirstDue(deps, kind)) === 'activated') activated += 1;
  }
  // The same announcement a staff activation makes: cached public answers and pages are rebuilt.
  if (activated > 0) await deps.contentChanges.bump();
  return activated;
}

/** Till the soonest schedule, but never longer than VERSION_SCHEDULE_LOOK_MS (schedules set elsewhere). */
async function millisToNextLook(deps: AppDeps, kinds: ScheduledKind[]): Promise<number> {
  const next = await Promise.all(kinds.map((kind) => kind.versions.nextScheduled()));
  const soonest = Math.min(...next.map((at) => at?.getTime() ?? Infinity));
  // A floor, so a schedule that keeps failing is retried calmly rather than in a tight loop.
  return Math.max(MIN_WAIT_MS, Math.min(soonest - deps.clock.now().getTime(), deps.config.versionScheduleLookMs));
}

export function startVersionSchedule(deps: AppDeps): VersionSchedule {
  const kinds = scheduledKinds(deps.db);
  const scope = { requestId: undefined, ip: undefined, state: {}, clock: deps.clock };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // One run at a time in this instance: the timer and a test's runDue() queue behind each other.
  let running: Promise<number> = Promise.resolve(0);

  const runDue = (): Promise<number> => {
    const run = running.then(() => withAuditScope(scope, () => activateDue(deps, kinds)));
    running = run.catch(() => 0);
    return run;
  };

  const tick = async (): Promise<void> => {
    try {
      const activated = await runDue();
      if (activated > 0) deps.logger.info({ activated }, 'scheduled versions activated');
    } catch (error) {
      // Tried again at the next look: an unavailable database must not stop the server.
      deps.logger.warn({ err: error }, 'version schedule: activation failed');
    }
    const wait = await millisToNextLook(deps, kinds).catch(() => deps.config.versionScheduleLookMs);
    if (stopped) return;
    timer = setTimeout(() => void tick(), wait);
    timer.unref();
  };

  return {
    ready: tick(),
    runDue,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
