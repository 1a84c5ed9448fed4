/**
 * A member's professional profile (issue 57): title, country and city, languages, specialties from
 * the list staff keep, practice setting, registration, a short bio and a website. The profile and the
 * specialties are read after hydration (the page needs the session); a save sends the revision it
 * was read at (If-Match), so a change made meanwhile elsewhere (another tab, or staff) is refused
 * rather than overwritten. Below it, the member chooses to be listed in the public directory (off by
 * default; the server keeps the consent text with its date) and reads where staff's verification of
 * their registration stands. Above the form, the member uploads a photo (JPEG, PNG or WebP; the
 * server checks it by its content, strips its metadata and keeps square sizes) or removes it; each is
 * a write of the profile at its revision too. A visitor without a session is sent to log in first.
 */
import {
  countryOptions,
  DIRECTORY_CONSENT_TEXT,
  failureText,
  memberProfileFormSchema,
  PHOTO_ACCEPT,
  photoBase64,
  photoFileProblem,
  PRACTICE_SETTINGS,
  profileFormValues,
  PROFILE_BIO_MAX,
  type MemberProfile,
  type Specialty,
} from '@npo/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { LanguageChoices } from '../../../../components/account/LanguageChoices';
import { MembershipSummary } from '../../../../components/account/MembershipSummary';
import { FormAlert, TextArea, TextField } from '../../../../components/forms/Field';
import { SelectField } from '../../../../components/forms/SelectField';
import { Form } from '../../../../components/forms/Form';
import { statusOf, withApi } from '../../../../lib/api';
import { useAuth } from '../../../../lib/auth';
import { useSchemaForm } from '../../../../lib/form';
import { navigate } from '../../../../lib/navigation';
import { readSession } from '../../../../lib/session-storage';

const PATH = '/account/profile';
const LOGIN = `/login?next=${encodeURIComponent(PATH)}`;
const SAVED = 'Your profile has been saved.';
const CHANGED_ELSEWHERE =
  'Your profile was changed elsewhere meanwhile (in another tab, or by staff). Reload the page to see it, then make your change again.';

const PRACTICE_OPTIONS = Object.entries(PRACTICE_SETTINGS).map(([value, label]) => ({ value, label }));

function SpecialtyChoices({
  specialties,
  value,
  error,
  onValue,
}: {
  specialties: Specialty[];
  value: string;
  error: string | undefined;
  onValue: (value: string) => void;
}) {
  const errorId = useId();
  const chosen = new Set(value === '' ? [] : value.split(','));
  function toggle(id: string, on: boolean) {
    const next = specialties
      .map((specialty) => String(specialty.id))
      .filter((each) => (each === id ? on : chosen.has(each)));
    onValue(next.join(','));
  }
  return (
    <fieldset
      className="field profile-choices"
      data-invalid={Boolean(error)}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field__label">Specialties</legend>
      <div className="profile-choices__list">
        {specialties.map((specialty) => (
          <label key={specialty.id} className="profile-choices__item">
            <input
              type="checkbox"
              checked={chosen.has(String(specialty.id))}
              onChange={(event) => toggle(String(specialty.id), event.target.checked)}
            />
            {specialty.name}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

interface SectionProps {
  profile: MemberProfile;
  onSaved: (profile: MemberProfile) => void;
  onSignedOut: () => void;
}

function ProfileForm({ profile, specialties, onSaved, onSignedOut }: SectionProps & { specialties: Specialty[] }) {
  const form = useSchemaForm({ initialValues: profileFormValues(profile), schema: memberProfileFormSchema });
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const countries = useMemo(() => countryOptions().map(({ code, name }) => ({ value: code, label: name })), []);

  async function submit(event: { preventDefault(): void }) {
    event.preventDefault();
    setMessage(null);
    const input = form.validateAll();
    if (!input) return;
    setSubmitting(true);
    try {
      const answer = await withApi((api) => api.account.setProfile(input, profile.revision));
      onSaved(answer.data);
      setMessage({ tone: 'success', text: SAVED });
    } catch (failure) {
      const status = statusOf(failure);
      if (status === 401) onSignedOut();
      form.showServerErrors(failure);
      const text =
        status === 409 ? CHANGED_ELSEWHERE : failureText(failure, 'Failed to save your profile. Please try again.');
      setMessage({ tone: 'error', text });
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Form className="form" onSubmit={submit} aria-label="Your profile">
      <TextField
        label="Professional title"
        name="title"
        hint="For example: Registered Dietitian"
        {...form.bind('title')}
      />
      <SelectField label="Country" options={countries} {...form.bind('country')} />
      <TextField label="City" name="city" autoComplete="address-level2" {...form.bind('city')} />
      <LanguageChoices {...form.bind('languages')} />
      <SpecialtyChoices specialties={specialties} {...form.bind('specialtyIds')} />
      <SelectField label="Practice setting" options={PRACTICE_OPTIONS} {...form.bind('practiceSetting')} />
      <TextField
        label="Registration body"
        name="registrationBody"
        hint="The body you are registered or licensed with."
        {...form.bind('registrationBody')}
      />
      <TextField label="Registration number" name="registrationNumber" {...form.bind('registrationNumber')} />
      <TextArea label="Bio" name="bio" rows={6} limit={PROFILE_BIO_MAX} {...form.bind('bio')} />
      <TextField
        label="Website"
        name="website"
        inputMode="url"
        autoComplete="url"
        hint="A full address, starting with https://"
        {...form.bind('website')}
      />
      {message && <FormAlert tone={message.tone}>{message.text}</FormAlert>}
      <button type="submit" className="button button--primary button--block" disabled={submitting}>
        {submitting ? 'Saving...' : 'Save profile'}
      </button>
    </Form>
  );
}

/** The profile photo: the one kept (256 px, shown at half that), a file to upload in its place, Remove. */
function PhotoSection({ profile, onSaved, onSignedOut }: SectionProps) {
  const inputId = useId();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function send(work: () => Promise<{ data: MemberProfile; message?: string }>, failureFallback: string) {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await work();
      onSaved(answer.data);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      setMessage({ tone: 'success', text: `${answer.message ?? 'Saved'}.` });
    } catch (failure) {
      const status = statusOf(failure);
      if (status === 401) onSignedOut();
      setMessage({ tone: 'error', text: status === 409 ? CHANGED_ELSEWHERE : failureText(failure, failureFallback) });
    } finally {
      setBusy(false);
    }
  }

  function upload(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!file) {
      setMessage({ tone: 'error', text: 'Choose a photo to upload.' });
      return;
    }
    const problem = photoFileProblem(file);
    if (problem) {
      setMessage({ tone: 'error', text: problem });
      return;
    }
    void send(
      async () => withApi(async (api) => api.account.setPhoto(await photoBase64(file), profile.revision)),
      'Failed to upload your photo. Please try again.',
    );
  }

  return (
    <section className="account-section profile-photo" aria-labelledby="photo-title">
      <h2 id="photo-title" className="account-section__title">
        Photo
      </h2>
      {profile.photo ? (
        <img
          className="profile-photo__image"
          src={profile.photo.medium}
          alt="Your profile photo"
          width={128}
          height={128}
        />
      ) : (
        <p>No photo yet.</p>
      )}
      <form className="profile-photo__form" onSubmit={upload} aria-label="Upload a photo">
        <label htmlFor={inputId} className="field__label">
          {profile.photo ? 'Replace your photo' : 'Choose a photo'}
        </label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept={PHOTO_ACCEPT}
          aria-describedby={hintId}
          disabled={busy}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <p id={hintId} className="field__hint">
          JPEG, PNG or WebP, at most 5 MB. It is cropped to a square; its location and camera details are removed.
        </p>
        <div className="profile-photo__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving...' : 'Upload photo'}
          </button>
          {profile.photo && (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() =>
                void send(
                  () => withApi((api) => api.account.removePhoto(profile.revision)),
                  'Failed to remove your photo. Please try again.',
                )
              }
            >
              Remove photo
            </button>
          )}
        </div>
      </form>
      {message && <FormAlert tone={message.tone}>{message.text}</FormAlert>}
    </section>
  );
}

/** What staff's check of the registration means for the listing, in the member's words. */
function verificationText({ verification, listing }: MemberProfile): string {
  if (verification.status === 'verified') {
    return listing.listed ? 'Your registration is verified: you are listed.' : 'Your registration is verified.';
  }
  if (verification.status === 'declined') {
    return `We could not verify your registration: ${verification.reason} Correct your registration body or number below and we will check it again.`;
  }
  return 'Your registration is waiting for staff to verify it. You are listed only once it is verified.';
}

/** "List me in the directory": the member's choice (off by default), saved at once with the consent text. */
function ListingSection({ profile, onSaved, onSignedOut }: SectionProps) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  async function change(listed: boolean) {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await withApi((api) => api.account.setListing(listed, profile.revision));
      onSaved(answer.data);
      setMessage({ tone: 'success', text: answer.message ?? 'Saved.' });
    } catch (failure) {
      const status = statusOf(failure);
      if (status === 401) onSignedOut();
      setMessage({
        tone: 'error',
        text: status === 409 ? CHANGED_ELSEWHERE : failureText(failure, 'Failed to save. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="account-section" aria-labelledby="listing-title">
      <h2 id="listing-title" className="account-section__title">
        Directory listing
      </h2>
      <p>{DIRECTORY_CONSENT_TEXT}</p>
      <label className="account-switch">
        <input
          type="checkbox"
          role="switch"
          checked={profile.listing.listed}
          disabled={busy}
          onChange={(event) => void change(event.target.checked)}
        />
        List me in the directory
      </label>
      <p className="profile-verification">{verificationText(profile)}</p>
      {message && <FormAlert tone={message.tone}>{message.text}</FormAlert>}
    </section>
  );
}

type Loaded = { profile: MemberProfile; specialties: Specialty[] };

export default function AccountProfilePage() {
  const auth = useAuth();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const signedOut = () => {
    auth.logout();
    void navigate(LOGIN);
  };
  const saved = (profile: MemberProfile) => setLoaded((current) => current && { ...current, profile });

  useEffect(() => {
    if (!readSession()) {
      void navigate(LOGIN, { overwriteLastHistoryEntry: true });
      return;
    }
    let current = true;
    withApi((api) => Promise.all([api.account.profile(), api.content.specialties()])).then(
      ([profile, specialties]) => current && setLoaded({ profile, specialties }),
      (failure: unknown) => {
        if (!current) return;
        if (statusOf(failure) === 401) signedOut();
        setError(failureText(failure, 'Could not load your profile. Please try again.'));
      },
    );
    return () => {
      current = false;
    };
    // Once, after hydration: the session is read from storage.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <h1 className="auth__title">Your profile</h1>
      <p className="auth__subtitle">Your professional details as a member. Every field is optional.</p>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {!error && !loaded && <p role="status">Loading your profile...</p>}
      {loaded && (
        <>
          <PhotoSection profile={loaded.profile} onSaved={saved} onSignedOut={signedOut} />
          <MembershipSummary />
          <ProfileForm
            profile={loaded.profile}
            specialties={loaded.specialties}
            onSaved={saved}
            onSignedOut={signedOut}
          />
          <ListingSection profile={loaded.profile} onSaved={saved} onSignedOut={signedOut} />
        </>
      )}
    </>
  );
}
