/**
 * CPD (issue 58): the member's own registrations, attendance and certificates (/account/activities),
 * their CPD hours per year and its CSV, the certificate PDF, and the public check of a certificate's
 * code. A certificate is issued on its first download, once per registration, and says what the
 * activity was then; its code is 80 random bits, so codes cannot be guessed or walked through.
 */
import { randomBytes } from 'node:crypto';
import {
  dateTimeFormat,
  isAdminRole,
  organisationName,
  type AccountActivities,
  type AccountRegistration,
  type CertificateVerification,
  type MemberDataExport,
  type MemberRegistration,
  type User,
} from '@npo/shared';
import { toIso } from '../../db/rows.js';
import type { ActivityCertificateRow } from '../../db/tables.js';
import type { AppDeps } from '../../deps.js';
import { conflict, forbidden, found, notFound } from '../../errors.js';
import { toCsv } from '../../lib/csv.js';
import { inTurn } from '../../lib/turns.js';
import { hoursOf } from '../activities/presenter.js';
import { drawCertificate } from './certificate-thread.js';
import { createCpdRepository, type OwnRegistrationRow } from './repository.js';

export const NOT_ATTENDED =
  'Your attendance at this activity has not been recorded, so there is no certificate for it.';
export const NO_CPD_HOURS = 'This activity gives no CPD hours, so there is no certificate for it.';
export const STAFF_HAVE_NO_CPD = 'The CPD record is kept for member accounts only.';
export const CERTIFICATE = 'Certificate';

/** RFC 4648 base32: letters and 2–7, nothing to mistake when typed from paper. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 80 random bits as 16 base32 characters (5 bits each). */
export function newCertificateCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return code;
}

/** A code as someone types or pastes it: any case, dashes and spaces ignored. */
const normalisedCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

/**
 * An activity's date on the organisation's calendar: the stored value is that wall clock written
 * with a Z (shared/src/time-zone.ts), so its UTC digits are the organisation's.
 */
export function calendarDate(stored: string): string {
  return dateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(stored),
  );
}
const yearOf = (stored: string) => new Date(stored).getUTCFullYear();

/** Hours in tenths added up as integers, so 0.1 + 0.2 is 0.3. */
const sumOfTenths = (tenths: number[]) => tenths.reduce((total, each) => total + each, 0) / 10;

export function createCpdService(deps: AppDeps) {
  const repository = createCpdRepository(deps.db);
  const verifyUrl = (code: string) => `${deps.config.publicUrl}/certificates/${code}`;

  function memberOnly(user: Pick<User, 'role'>): void {
    if (isAdminRole(user.role)) throw forbidden(STAFF_HAVE_NO_CPD);
  }

  /** The hours a registration counts for: the certificate's once issued, else the activity's. */
  const tenthsOf = (row: OwnRegistrationRow) => Number(row.certificate_tenths ?? row.cpd_tenths ?? 0);
  const counts = (row: OwnRegistrationRow) => row.attended_at !== null && tenthsOf(row) > 0;

  function present(row: OwnRegistrationRow): AccountRegistration {
    return {
      activityId: row.activity_id,
      title: row.title,
      date: toIso(row.date),
      location: row.location,
      status: row.status,
      cpdHours: hoursOf(row.cpd_tenths),
      registeredAt: toIso(row.registered_at),
      attendedAt: row.attended_at === null ? null : toIso(row.attended_at),
      checkInCode: row.check_in_code,
      certificateAvailable: counts(row),
      certificate: row.certificate_code ? { code: row.certificate_code, url: verifyUrl(row.certificate_code) } : null,
    };
  }

  /** The attended activities with hours, by year, newest year first and each year's soonest first. */
  function cpdYears(rows: OwnRegistrationRow[]): AccountActivities['cpd'] {
    const years = new Map<number, OwnRegistrationRow[]>();
    for (const row of rows.filter(counts)) {
      const year = yearOf(toIso(row.date));
      years.set(year, [...(years.get(year) ?? []), row]);
    }
    return [...years.entries()]
      .sort(([a], [b]) => b - a)
      .map(([year, inYear]) => ({
        year,
        hours: sumOfTenths(inYear.map(tenthsOf)),
        activities: inYear.map((row) => ({
          activityId: row.activity_id,
          title: row.title,
          date: toIso(row.date),
          hours: tenthsOf(row) / 10,
        })),
      }));
  }

  async function own(user: Pick<User, 'id' | 'role'>): Promise<AccountActivities> {
    memberOnly(user);
    const rows = await repository.ownRegistrations(user.id);
    return {
      upcoming: rows.filter((row) => row.status === 'upcoming').map(present),
      past: rows
        .filter((row) => row.status === 'past')
        .reverse()
        .map(present),
      cpd: cpdYears(rows),
    };
  }

  return {
    own,

    /**
     * The member's activities for "Download my data": each registration (as `members.registrations`
     * lists them, in activity date order) with its check-in code and certificate as issued, and the
     * CPD record. Any account: a staff account has no registrations, so nothing.
     */
    async exportOf(
      userId: number,
      registrations: MemberRegistration[],
    ): Promise<Pick<MemberDataExport, 'registrations' | 'cpd'>> {
      const [rows, certificates] = await Promise.all([
        repository.ownRegistrations(userId),
        repository.certificatesOf(userId),
      ]);
      const byActivity = new Map(rows.map((row) => [row.activity_id, row]));
      const issued = new Map(certificates.map((certificate) => [certificate.registration_id, certificate]));
      const years = cpdYears(rows);
      return {
        registrations: registrations.map((registration) => {
          const row = byActivity.get(registration.activityId);
          const certificate = row && issued.get(row.registration_id);
          return {
            ...registration,
            checkInCode: row?.check_in_code ?? null,
            certificate: certificate
              ? {
                  code: certificate.code,
                  url: verifyUrl(certificate.code),
                  issuedAt: toIso(certificate.issued_at),
                  name: certificate.member_name,
                  activity: certificate.activity_title,
                  date: toIso(certificate.activity_date),
                  hours: Number(certificate.cpd_tenths) / 10,
                }
              : null,
          };
        }),
        cpd: { totalHours: sumOfTenths(rows.filter(counts).map(tenthsOf)), years },
      };
    },

    /** The CPD record as a spreadsheet: one row per attended activity with hours, oldest first. */
    async csv(user: Pick<User, 'id' | 'role'>): Promise<string> {
      const { cpd, past, upcoming } = await own(user);
      const codes = new Map([...past, ...upcoming].map((row) => [row.activityId, row.certificate?.code ?? '']));
      const rows = [...cpd]
        .reverse()
        .flatMap((year) =>
          year.activities.map((activity) => [
            year.year,
            calendarDate(activity.date),
            activity.title,
            activity.hours,
            codes.get(activity.activityId) ?? '',
          ]),
        );
      return toCsv(['Year', 'Date', 'Activity', 'Hours', 'Certificate'], rows);
    },

    /**
     * The certificate of an attended activity with hours, issued on the first call (its code and
     * what it says are kept), the same on every call after.
     */
    async certificate(
      user: Pick<User, 'id' | 'role'>,
      activityId: number,
    ): Promise<{ pdf: Uint8Array; certificate: ActivityCertificateRow }> {
      memberOnly(user);
      // Looked up and issued in turns with the other costly reads (lib/turns.ts): a hundred
      // downloads arriving at once take one turn each, not one burst of queries.
      const certificate = await inTurn(deps, () => issuedCertificate(user.id, activityId));
      // Drawn on the certificate thread: a hundred downloads at once never hold a visitor's page.
      return { pdf: await renderCertificate(certificate), certificate };
    },

    /** What the certificate of `code` says; every code that names none (or an erased member's) alike. */
    async verify(code: string): Promise<CertificateVerification> {
      const certificate = await repository.byCode(normalisedCode(code).slice(0, 64));
      if (!certificate) throw notFound(CERTIFICATE);
      return {
        name: certificate.member_name,
        activity: certificate.activity_title,
        date: toIso(certificate.activity_date),
        hours: Number(certificate.cpd_tenths) / 10,
      };
    },
  };

  async function issuedCertificate(userId: number, activityId: number): Promise<ActivityCertificateRow> {
    const source = found(await repository.certificateSource(userId, activityId), 'Registration');
    if (source.attended_at === null) throw conflict(NOT_ATTENDED);
    if (!source.cpd_tenths) throw conflict(NO_CPD_HOURS);
    return repository.issueOnce({
      registration_id: source.registration_id,
      user_id: userId,
      code: newCertificateCode(),
      member_name: source.name,
      activity_title: source.title,
      activity_date: source.date,
      cpd_tenths: source.cpd_tenths,
      issued_at: deps.clock.now(),
    });
  }

  function renderCertificate(certificate: ActivityCertificateRow): Promise<Uint8Array> {
    return drawCertificate({
      organisation: organisationName,
      name: certificate.member_name,
      activity: certificate.activity_title,
      date: calendarDate(toIso(certificate.activity_date)),
      hours: Number(certificate.cpd_tenths) / 10,
      code: certificate.code,
      verifyUrl: verifyUrl(certificate.code),
      issuedAt: new Date(toIso(certificate.issued_at)),
    });
  }
}
