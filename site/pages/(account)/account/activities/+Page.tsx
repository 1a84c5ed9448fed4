/**
 * The member's activities (issue 58): upcoming registrations (with the check-in code to show at the
 * door, and a cancel until staff record the member attended), past ones with the attendance staff recorded and the certificate to download
 * for those that give CPD hours, and the CPD hours per year, exportable as CSV. Read after hydration:
 * the page needs the session, so nothing of it is in the server's (cached) render.
 */
import {
  failureText,
  formatCpdHours,
  formatPublicActivityDate,
  groupedCertificateCode,
  type AccountActivities,
  type AccountRegistration,
} from '@npo/shared';
import { useCallback, useEffect, useState } from 'react';
import { FormAlert } from '../../../../components/forms/Field';
import { statusOf, withApi } from '../../../../lib/api';
import { useAuth } from '../../../../lib/auth';
import { navigate } from '../../../../lib/navigation';
import { readSession } from '../../../../lib/session-storage';

const PATH = '/account/activities';
const LOGIN = `/login?next=${encodeURIComponent(PATH)}`;

type Notice = { tone: 'error' | 'success'; text: string } | null;

/** Saves `blob` under `name` through a temporary link (the file came with the token, not by a plain link). */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function When({ registration }: { registration: AccountRegistration }) {
  return (
    <p className="my-activity__facts">
      <time dateTime={registration.date}>{formatPublicActivityDate(registration.date)}</time> · {registration.location}
      {registration.cpdHours !== null && <> · {formatCpdHours(registration.cpdHours)} CPD</>}
    </p>
  );
}

/** "Attended" as soon as staff record it (a check-in at the door, before the activity ends, too), and its certificate. */
function Attendance({
  registration,
  busy,
  onDownload,
}: {
  registration: AccountRegistration;
  busy: boolean;
  onDownload: () => void;
}) {
  return (
    <>
      <p className="my-activity__status">{registration.attendedAt ? 'Attended' : 'Attendance not recorded'}</p>
      {registration.certificateAvailable && (
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          aria-label={`Download my certificate for ${registration.title}`}
          onClick={onDownload}
        >
          Download certificate
        </button>
      )}
      {registration.certificate && (
        <p className="my-activity__hint">
          Verification code {groupedCertificateCode(registration.certificate.code)}:{' '}
          <a href={`/certificates/${registration.certificate.code}`}>check it</a>
        </p>
      )}
    </>
  );
}

/**
 * An upcoming registration: its check-in code and a cancel until staff record the member attended;
 * from then on its attendance (the server refuses the cancel too: the hours already count).
 */
function Upcoming({
  registration,
  busy,
  onCancel,
  onDownload,
}: {
  registration: AccountRegistration;
  busy: boolean;
  onCancel: () => void;
  onDownload: () => void;
}) {
  return (
    <li className="my-activity">
      <h3 className="my-activity__title">{registration.title}</h3>
      <When registration={registration} />
      {registration.attendedAt ? (
        <Attendance registration={registration} busy={busy} onDownload={onDownload} />
      ) : (
        <>
          {registration.checkInCode && (
            <p className="my-activity__code">
              Check-in code: <strong className="my-activity__code-value">{registration.checkInCode}</strong>
              <span className="my-activity__hint"> Show it at the door; staff type it to mark you present.</span>
            </p>
          )}
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            aria-label={`Cancel my registration for ${registration.title}`}
            onClick={onCancel}
          >
            Cancel registration
          </button>
        </>
      )}
    </li>
  );
}

function Past({
  registration,
  busy,
  onDownload,
}: {
  registration: AccountRegistration;
  busy: boolean;
  onDownload: () => void;
}) {
  return (
    <li className="my-activity">
      <h3 className="my-activity__title">{registration.title}</h3>
      <When registration={registration} />
      <Attendance registration={registration} busy={busy} onDownload={onDownload} />
    </li>
  );
}

function CpdSummary({ cpd, onExport, busy }: { cpd: AccountActivities['cpd']; onExport: () => void; busy: boolean }) {
  return (
    <section className="account-section" aria-labelledby="cpd-title">
      <h2 id="cpd-title" className="account-section__title">
        CPD hours
      </h2>
      {cpd.length === 0 ? (
        <p>No CPD hours yet: they count once staff record your attendance at an activity that gives them.</p>
      ) : (
        cpd.map((year) => (
          <div key={year.year} className="cpd-year">
            <h3 className="cpd-year__title">
              {year.year}: {formatCpdHours(year.hours)}
            </h3>
            <ul className="cpd-year__list">
              {year.activities.map((activity) => (
                <li key={activity.activityId}>
                  {activity.title}, {formatPublicActivityDate(activity.date).split(',')[0]}:{' '}
                  {formatCpdHours(activity.hours)}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
      <button
        type="button"
        className="button button--secondary button--block"
        disabled={busy || cpd.length === 0}
        onClick={onExport}
      >
        Export CPD record (CSV)
      </button>
    </section>
  );
}

export default function AccountActivitiesPage() {
  const auth = useAuth();
  const [activities, setActivities] = useState<AccountActivities | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);

  const signedOut = useCallback(() => {
    auth.logout();
    void navigate(LOGIN);
  }, [auth]);
  const fail = useCallback(
    (failure: unknown, fallback: string) => {
      if (statusOf(failure) === 401) signedOut();
      setNotice({ tone: 'error', text: failureText(failure, fallback) });
    },
    [signedOut],
  );
  const load = useCallback(
    () =>
      withApi((api) => api.account.activities()).then(setActivities, (failure: unknown) =>
        fail(failure, 'Could not load your activities.'),
      ),
    [fail],
  );

  useEffect(() => {
    if (!readSession()) {
      void navigate(LOGIN, { overwriteLastHistoryEntry: true });
      return;
    }
    void load();
    // Once, after hydration: load changes identity with auth, which re-renders often.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function act(work: () => Promise<void>, fallback: string) {
    setBusy(true);
    setNotice(null);
    try {
      await work();
    } catch (failure) {
      fail(failure, fallback);
    } finally {
      setBusy(false);
    }
  }
  const cancel = (registration: AccountRegistration) =>
    act(async () => {
      const answer = await withApi((api) => api.content.cancelRegistration(registration.activityId));
      setNotice({ tone: 'success', text: answer.message ?? 'Your registration is cancelled.' });
      await load();
    }, 'Failed to cancel. Please try again.');
  const download = (registration: AccountRegistration) =>
    act(async () => {
      saveFile(
        await withApi((api) => api.account.certificate(registration.activityId)),
        `cpd-certificate-${registration.activityId}.pdf`,
      );
      // The first download issued it: show its code.
      await load();
    }, 'Failed to download the certificate. Please try again.');
  const exportCsv = () =>
    act(async () => {
      saveFile(await withApi((api) => api.account.exportCpd()), 'cpd-record.csv');
    }, 'Failed to export. Please try again.');

  return (
    <>
      <h1 className="auth__title">Your activities</h1>
      <p className="auth__subtitle">Your registrations, attendance and CPD certificates.</p>
      {notice && <FormAlert tone={notice.tone}>{notice.text}</FormAlert>}
      {activities === null ? (
        <p aria-live="polite">Loading…</p>
      ) : (
        <>
          <section className="account-section" aria-labelledby="upcoming-title">
            <h2 id="upcoming-title" className="account-section__title">
              Upcoming
            </h2>
            {activities.upcoming.length === 0 ? (
              <p>
                You are not registered for any upcoming activity. <a href="/#activities">See the activities</a>.
              </p>
            ) : (
              <ul className="my-activities" aria-label="Upcoming registrations">
                {activities.upcoming.map((registration) => (
                  <Upcoming
                    key={registration.activityId}
                    registration={registration}
                    busy={busy}
                    onCancel={() => void cancel(registration)}
                    onDownload={() => void download(registration)}
                  />
                ))}
              </ul>
            )}
          </section>
          <section className="account-section" aria-labelledby="past-title">
            <h2 id="past-title" className="account-section__title">
              Past
            </h2>
            {activities.past.length === 0 ? (
              <p>No past activities yet.</p>
            ) : (
              <ul className="my-activities" aria-label="Past registrations">
                {activities.past.map((registration) => (
                  <Past
                    key={registration.activityId}
                    registration={registration}
                    busy={busy}
                    onDownload={() => void download(registration)}
                  />
                ))}
              </ul>
            )}
          </section>
          <CpdSummary cpd={activities.cpd} busy={busy} onExport={() => void exportCsv()} />
        </>
      )}
    </>
  );
}
