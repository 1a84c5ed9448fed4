/** The member's registrations with their activities and certificates, and the certificates themselves. */
import type { Db } from '../../db/connection.js';
import type { ActivityCertificateRow, ActivityRow, DbTimestamp } from '../../db/tables.js';

/** One registration of the member, joined to its activity and the certificate issued for it (if any). */
export type OwnRegistrationRow = Pick<ActivityRow, 'title' | 'date' | 'location' | 'status' | 'cpd_tenths'> & {
  registration_id: number;
  activity_id: number;
  registered_at: DbTimestamp;
  attended_at: DbTimestamp | null;
  check_in_code: string | null;
  certificate_code: string | null;
  certificate_tenths: number | null;
};

/** What a certificate is made from: the registration, its activity and the member's current name. */
export type CertificateSourceRow = Pick<ActivityRow, 'title' | 'date' | 'cpd_tenths'> & {
  registration_id: number;
  attended_at: DbTimestamp | null;
  name: string;
};

const REGISTRATIONS = 'activity_registrations';
const CERTIFICATES = 'activity_certificates';

export function createCpdRepository(db: Db) {
  return {
    /** Every registration of the member, in activity date order (a member holds few enough for one read). */
    ownRegistrations: (userId: number): Promise<OwnRegistrationRow[]> =>
      db(REGISTRATIONS)
        .join('activities', 'activities.id', `${REGISTRATIONS}.activity_id`)
        .leftJoin(CERTIFICATES, `${CERTIFICATES}.registration_id`, `${REGISTRATIONS}.id`)
        .where(`${REGISTRATIONS}.user_id`, userId)
        .orderBy([
          { column: 'activities.date', order: 'asc' },
          { column: 'activities.id', order: 'asc' },
        ])
        .select<OwnRegistrationRow[]>(
          `${REGISTRATIONS}.id as registration_id`,
          'activities.id as activity_id',
          'activities.title',
          'activities.date',
          'activities.location',
          'activities.status',
          'activities.cpd_tenths',
          `${REGISTRATIONS}.created_at as registered_at`,
          `${REGISTRATIONS}.attended_at`,
          `${REGISTRATIONS}.check_in_code`,
          `${CERTIFICATES}.code as certificate_code`,
          `${CERTIFICATES}.cpd_tenths as certificate_tenths`,
        ),

    certificateSource: (userId: number, activityId: number): Promise<CertificateSourceRow | undefined> =>
      db(REGISTRATIONS)
        .join('activities', 'activities.id', `${REGISTRATIONS}.activity_id`)
        .join('users', 'users.id', `${REGISTRATIONS}.user_id`)
        .where(`${REGISTRATIONS}.user_id`, userId)
        .where(`${REGISTRATIONS}.activity_id`, activityId)
        .first<CertificateSourceRow | undefined>(
          `${REGISTRATIONS}.id as registration_id`,
          `${REGISTRATIONS}.attended_at`,
          'activities.title',
          'activities.date',
          'activities.cpd_tenths',
          'users.name',
        ),

    /**
     * Issues the certificate of a registration once: a second issue (another instance, a second
     * click) meets the unique key and is ignored, and both read back the one that was stored.
     */
    async issueOnce(certificate: Omit<ActivityCertificateRow, 'id'>): Promise<ActivityCertificateRow> {
      await db(CERTIFICATES).insert(certificate).onConflict('registration_id').ignore();
      const row = await db(CERTIFICATES).where({ registration_id: certificate.registration_id }).first();
      return row as ActivityCertificateRow;
    },

    /** Every certificate issued to the member (for "Download my data"). */
    certificatesOf: (userId: number): Promise<ActivityCertificateRow[]> =>
      db(CERTIFICATES).where({ user_id: userId }).select<ActivityCertificateRow[]>('*'),

    /** The certificate of `code`, while its member is not erased (erasure deletes them too). */
    byCode: (code: string): Promise<ActivityCertificateRow | undefined> =>
      db(CERTIFICATES)
        .join('users', 'users.id', `${CERTIFICATES}.user_id`)
        .where(`${CERTIFICATES}.code`, code)
        .whereNull('users.erased_at')
        .first<ActivityCertificateRow | undefined>(`${CERTIFICATES}.*`),
  };
}
