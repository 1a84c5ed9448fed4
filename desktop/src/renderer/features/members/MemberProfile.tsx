/**
 * A member's professional profile in their detail (issue 57): the fields the member keeps on the
 * site's /account/profile, shown to staff who may view members and edited by those who may edit
 * them. A save is the whole profile at the revision shown (If-Match), so an edit the member made
 * meanwhile is put to the person saving rather than overwritten. Staff also verify the member's
 * registration or decline it with a reason (mailed to the member): a directory listing needs both the
 * member's choice and a verified registration. The member's photo is shown, replaced (members:edit)
 * or removed (members:delete) here too; the server checks and resizes it.
 */
import { Button, Tag } from '@blueprintjs/core';
import {
  changeOf,
  countryName,
  countryOptions,
  formatAdminDate,
  languageName,
  languageOptions,
  memberProfileFormSchema,
  PHOTO_ACCEPT,
  photoBase64,
  photoFileProblem,
  profileFormValues,
  type MemberProfileFormValues,
  PRACTICE_SETTINGS,
  ROUTES,
  VERIFICATION_LABELS,
  verificationSchema,
  type MemberProfile,
  type MemberProfileValues,
  type Specialty,
  type VerificationInput,
} from '@npo/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useFormContext } from 'react-hook-form';
import { api, keyedFetch } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { useAdminMutation } from '../../data/useAdminMutation';
import { FieldShell, describedBy } from '../../ui/form/FieldShell';
import { FormDialog } from '../../ui/form/FormDialog';
import { SelectField, TextAreaField, TextField, useFieldError } from '../../ui/form/fields';
import { schemaResolver } from '../../ui/form/resolver';
import { useConfirm } from '../../ui/ConfirmProvider';
import { LoadError, Loading } from '../../ui/states';
import { notifyFailure } from '../../ui/toaster';
import { platform } from '../../platform';

type ProfileFormValues = MemberProfileFormValues;

const VERIFICATION_INTENTS = { pending: 'warning', verified: 'success', declined: 'danger' } as const;

const PRACTICE_OPTIONS = [
  { value: '', label: 'Not given' },
  ...Object.entries(PRACTICE_SETTINGS).map(([value, label]) => ({ value, label })),
];

const listOf = (value: string) => (value === '' ? [] : value.split(','));

/** Languages: a multiple select over the ISO 639-1 list, kept as "en,hi". */
function LanguagesField() {
  const id = useId();
  const { control } = useFormContext<ProfileFormValues>();
  const error = useFieldError('languages');
  const options = useMemo(() => languageOptions(), []);
  return (
    <FieldShell id={id} label="Languages spoken" error={error} helper="Ctrl-click (Cmd-click) to choose several.">
      <Controller
        control={control}
        name="languages"
        render={({ field }) => (
          <select
            id={id}
            className="bp6-input member-profile__languages"
            multiple
            size={6}
            value={listOf(field.value)}
            onChange={(event) => field.onChange(Array.from(event.target.selectedOptions, (o) => o.value).join(','))}
            onBlur={field.onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error)}
          >
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        )}
      />
    </FieldShell>
  );
}

/** Specialties: a checkbox per entry of the list staff keep, kept as "3,7". */
function SpecialtiesField({ specialties }: { specialties: Specialty[] }) {
  const { control } = useFormContext<ProfileFormValues>();
  const error = useFieldError('specialtyIds');
  return (
    <fieldset className="member-profile__specialties">
      <legend>Specialties</legend>
      <Controller
        control={control}
        name="specialtyIds"
        render={({ field }) => {
          const chosen = new Set(listOf(field.value));
          return (
            <div className="member-profile__choices">
              {specialties.map((specialty) => {
                const value = String(specialty.id);
                return (
                  <label key={specialty.id} className="bp6-control bp6-checkbox">
                    <input
                      type="checkbox"
                      checked={chosen.has(value)}
                      onChange={(event) => {
                        const next = specialties
                          .map((each) => String(each.id))
                          .filter((each) => (each === value ? event.target.checked : chosen.has(each)));
                        field.onChange(next.join(','));
                      }}
                    />
                    <span className="bp6-control-indicator" />
                    {specialty.name}
                  </label>
                );
              })}
            </div>
          );
        }}
      />
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}

function ProfileForm({
  memberId,
  profile,
  specialties,
  isOpen,
  onClose,
}: {
  memberId: number;
  profile: MemberProfile;
  specialties: Specialty[];
  isOpen: boolean;
  onClose: () => void;
}) {
  const form = useForm<ProfileFormValues, unknown, MemberProfileValues>({
    resolver: schemaResolver(memberProfileFormSchema),
    defaultValues: profileFormValues(profile),
  });
  const countries = useMemo(
    () => [
      { value: '', label: 'Not given' },
      ...countryOptions().map(({ code, name }) => ({ value: code, label: name })),
    ],
    [],
  );
  const save = useAdminMutation<MemberProfileValues, MemberProfile>({
    change: (body) => ({
      ...changeOf(ROUTES.members.setProfile, { params: { id: memberId }, body, revision: profile.revision }),
      label: 'Save the professional profile',
    }),
    success: 'Profile saved',
    failure: 'Failed to save the profile',
  });
  return (
    <FormDialog
      title="Edit professional profile"
      icon="id-number"
      isOpen={isOpen}
      onClose={onClose}
      form={form}
      onSubmit={(values) => save.mutateAsync(values)}
      submitText="Save profile"
      canEdit
    >
      <TextField<ProfileFormValues> name="title" label="Professional title" optional autoFocus />
      <SelectField<ProfileFormValues> name="country" label="Country" options={countries} />
      <TextField<ProfileFormValues> name="city" label="City" optional />
      <LanguagesField />
      <SpecialtiesField specialties={specialties} />
      <SelectField<ProfileFormValues> name="practiceSetting" label="Practice setting" options={PRACTICE_OPTIONS} />
      <TextField<ProfileFormValues> name="registrationBody" label="Registration body" optional />
      <TextField<ProfileFormValues> name="registrationNumber" label="Registration number" optional />
      <TextAreaField<ProfileFormValues> name="bio" label="Bio" rows={5} optional helper="At most 1,000 characters." />
      <TextField<ProfileFormValues> name="website" label="Website" type="url" optional placeholder="https://" />
    </FormDialog>
  );
}

const orNone = (value: string) => value || '—';

/**
 * A photo as a data: URL: the console's pages allow images from themselves and data: only (its CSP),
 * and the API is another origin in the desktop app, so the image is fetched (CORS) and inlined. Its
 * path names its content, so the answer is kept for good.
 */
function usePhotoSource(path: string | undefined) {
  return useQuery({
    queryKey: ['photos', path],
    enabled: path !== undefined,
    staleTime: Infinity,
    queryFn: async () => {
      const answer = await keyedFetch(`${platform.apiBaseUrl}${path}`);
      if (!answer.ok) throw new Error(`photo: ${answer.status}`);
      const blob = await answer.blob();
      return new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as string); // readAsDataURL gives a string
        reader.onerror = () => reject(reader.error ?? new Error('photo: unreadable'));
        reader.readAsDataURL(blob);
      });
    },
  });
}

/** The photo, "Upload photo..." (a file chosen, sent at once) and "Remove photo" (after a confirm). */
function PhotoActions({
  memberId,
  profile,
  canEdit,
  canDelete,
}: {
  memberId: number;
  profile: MemberProfile;
  canEdit: boolean;
  canDelete: boolean;
}) {
  const source = usePhotoSource(profile.photo?.medium);
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const confirm = useConfirm();
  const upload = useAdminMutation<string, MemberProfile>({
    change: (image) => ({
      ...changeOf(ROUTES.members.setPhoto, { params: { id: memberId }, body: { image }, revision: profile.revision }),
      label: "Upload the member's photo",
    }),
    success: 'Photo saved',
    failure: 'Failed to save the photo',
  });
  const remove = useAdminMutation<void, MemberProfile>({
    change: () => ({
      ...changeOf(ROUTES.members.removePhoto, { params: { id: memberId }, revision: profile.revision }),
      label: "Remove the member's photo",
    }),
    success: 'Photo removed',
    failure: 'Failed to remove the photo',
  });

  async function chosen(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    const problem = photoFileProblem(file);
    if (problem) {
      notifyFailure([problem]);
      return;
    }
    await upload.mutateAsync(await photoBase64(file)).catch(() => undefined);
  }

  async function removeAfterConfirm() {
    const yes = await confirm({
      message: "Remove this member's photo? Every size of it is deleted.",
      confirmText: 'Remove photo',
      intent: 'danger',
    });
    if (yes) await remove.mutateAsync().catch(() => undefined);
  }

  return (
    <div className="member-photo">
      {profile.photo ? (
        source.data ? (
          <img className="member-photo__image" src={source.data} alt="The member's photo" width={96} height={96} />
        ) : (
          <span className="bp6-text-muted">
            {source.isError ? 'The photo could not be loaded.' : 'Loading the photo...'}
          </span>
        )
      ) : (
        <span className="bp6-text-muted">No photo</span>
      )}
      {canEdit && (
        <>
          <input
            ref={fileInput}
            id={inputId}
            type="file"
            accept={PHOTO_ACCEPT}
            className="member-photo__file"
            aria-label="Photo file"
            tabIndex={-1}
            onChange={(event) => void chosen(event.target.files?.[0])}
          />
          <Button
            size="small"
            icon="upload"
            text={profile.photo ? 'Replace photo...' : 'Upload photo...'}
            loading={upload.isPending}
            onClick={() => fileInput.current?.click()}
          />
        </>
      )}
      {canDelete && profile.photo && (
        <Button size="small" icon="trash" text="Remove photo" onClick={() => void removeAfterConfirm()} />
      )}
    </div>
  );
}

interface DeclineValues {
  status: 'declined';
  reason: string;
}

/** Verify or decline the registration; a decline asks for the reason, which the member is mailed. */
function VerificationActions({ memberId, profile }: { memberId: number; profile: MemberProfile }) {
  const [declining, setDeclining] = useState(0);
  const decide = useAdminMutation<VerificationInput, MemberProfile>({
    change: (body) => ({
      ...changeOf(ROUTES.members.verify, { params: { id: memberId }, body, revision: profile.revision }),
      label: body.status === 'verified' ? 'Verify the registration' : 'Decline the registration',
    }),
    success: (_result, body) => (body.status === 'verified' ? 'Registration verified' : 'Registration declined'),
    failure: 'Failed to record the decision',
  });
  const form = useForm<DeclineValues, unknown, VerificationInput>({
    resolver: schemaResolver(verificationSchema),
    defaultValues: { status: 'declined', reason: '' },
  });
  return (
    <>
      {profile.verification.status !== 'verified' && (
        <Button
          size="small"
          intent="success"
          icon="endorsed"
          text="Verify registration"
          onClick={() => decide.mutate({ status: 'verified' })}
        />
      )}
      {profile.verification.status !== 'declined' && (
        <Button size="small" icon="disable" text="Decline..." onClick={() => setDeclining((key) => key + 1)} />
      )}
      {declining > 0 && (
        <FormDialog
          key={declining}
          title="Decline the registration"
          icon="disable"
          isOpen
          onClose={() => setDeclining(0)}
          form={form}
          onSubmit={(values) => decide.mutateAsync(values)}
          submitText="Decline and mail the member"
          canEdit
          width={520}
        >
          <TextAreaField<DeclineValues>
            name="reason"
            label="Reason"
            rows={3}
            autoFocus
            helper="The member reads this in the mail we send them."
          />
        </FormDialog>
      )}
    </>
  );
}

export function MemberProfileSection({
  memberId,
  canEdit,
  canDelete,
}: {
  memberId: number;
  canEdit: boolean;
  canDelete: boolean;
}) {
  // Under the members key, so that the save (a members route) refreshes it.
  const profile = useQuery({
    queryKey: [...queryKeys.members, 'profile', memberId],
    queryFn: () => api.admin.members.profile(memberId),
  });
  const specialties = useQuery({ queryKey: queryKeys.specialties, queryFn: () => api.content.specialties() });
  const [editing, setEditing] = useState(0);
  const data = profile.data;
  return (
    <section className="member-section" aria-labelledby={`member-profile-${memberId}`}>
      <div className="member-profile__head">
        <h3 id={`member-profile-${memberId}`}>Professional profile</h3>
        {canEdit && data && specialties.data && (
          <Button size="small" icon="edit" text="Edit profile" onClick={() => setEditing((key) => key + 1)} />
        )}
      </div>
      {profile.isPending && <Loading />}
      {profile.isError && <LoadError title="Failed to load the profile" onRetry={() => void profile.refetch()} />}
      {data && (
        <dl className="member-facts">
          <dt>Photo</dt>
          <dd>
            <PhotoActions memberId={memberId} profile={data} canEdit={canEdit} canDelete={canDelete} />
          </dd>
          <dt>Title</dt>
          <dd>{orNone(data.title)}</dd>
          <dt>Country</dt>
          <dd>{data.country ? countryName(data.country) : '—'}</dd>
          <dt>City</dt>
          <dd>{orNone(data.city)}</dd>
          <dt>Languages</dt>
          <dd>{data.languages.length ? data.languages.map(languageName).join(', ') : '—'}</dd>
          <dt>Specialties</dt>
          <dd>{data.specialties.length ? data.specialties.map((specialty) => specialty.name).join(', ') : '—'}</dd>
          <dt>Practice setting</dt>
          <dd>{data.practiceSetting ? PRACTICE_SETTINGS[data.practiceSetting] : '—'}</dd>
          <dt>Registration</dt>
          <dd>{[data.registrationBody, data.registrationNumber].filter(Boolean).join(', ') || '—'}</dd>
          <dt>Bio</dt>
          <dd className="member-profile__bio">{orNone(data.bio)}</dd>
          <dt>Website</dt>
          <dd>{orNone(data.website)}</dd>
          <dt>Directory</dt>
          <dd>{data.listing.listed ? 'Chose to be listed' : 'Not listed'}</dd>
          <dt>Verification</dt>
          <dd>
            <Tag minimal intent={VERIFICATION_INTENTS[data.verification.status]}>
              {VERIFICATION_LABELS[data.verification.status]}
            </Tag>
            {data.verification.reason && <span className="bp6-text-muted"> · {data.verification.reason}</span>}
            {canEdit && (
              <span className="member-profile__verify">
                <VerificationActions memberId={memberId} profile={data} />
              </span>
            )}
          </dd>
          <dt>Updated (UTC)</dt>
          <dd>{data.updatedAt ? <time dateTime={data.updatedAt}>{formatAdminDate(data.updatedAt)}</time> : 'Never'}</dd>
        </dl>
      )}
      {editing > 0 && data && specialties.data && (
        <ProfileForm
          key={editing}
          memberId={memberId}
          profile={data}
          specialties={specialties.data}
          isOpen
          onClose={() => setEditing(0)}
        />
      )}
    </section>
  );
}
