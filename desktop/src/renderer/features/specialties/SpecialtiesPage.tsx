/**
 * The specialties members choose from on their profiles (issue 57), as staff keep them: added and
 * renamed with members:edit, removed with members:delete. Each row says how many profiles name it;
 * removing one in use asks first, saying that it goes from those profiles too (the server refuses it
 * otherwise). Names are unique in any case: the server's refusal shows beside the field.
 */
import { changeOf, ROUTES, specialtySchema, type SpecialtyAdmin } from '@npo/shared';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { NamedListPage, type NamedListConfig } from '../../ui/named-list/NamedListPage';

const profilesText = (count: number) => (count === 1 ? '1 profile' : `${count} profiles`);

const SPECIALTIES: NamedListConfig<SpecialtyAdmin> = {
  module: 'members',
  title: 'Specialties',
  summary: 'The fields of practice members choose from on their profiles.',
  noun: 'specialty',
  removeVerb: 'Remove',
  usesColumn: 'Profiles',
  uses: (specialty) => specialty.profiles,
  usesText: profilesText,
  renameHelper: (specialty) => `Profiles that name it (${profilesText(specialty.profiles)}) show the new name.`,
  confirmInUse: (specialty) =>
    `Remove “${specialty.name}”? ${profilesText(specialty.profiles)} name it: it is taken off ${specialty.profiles === 1 ? 'that profile' : 'those profiles'} too.`,
  confirmUnused: (specialty) => `Remove “${specialty.name}”? No profile names it.`,
  rowTestId: 'specialty-row',
  // Under the specialties key, which every specialties write refreshes (with the profile forms' list).
  list: { queryKey: [...queryKeys.specialties, 'admin'], queryFn: () => api.admin.specialties.list() },
  schema: specialtySchema,
  requests: {
    create: (body) => changeOf(ROUTES.specialties.create, { body }),
    rename: (specialty, body) =>
      changeOf(ROUTES.specialties.update, { params: { id: specialty.id }, body, revision: specialty.revision }),
    remove: (specialty) => {
      const request = changeOf(ROUTES.specialties.remove, {
        params: { id: specialty.id },
        revision: specialty.revision,
      });
      // The server refuses one in use unless told to take it off the profiles: the confirmation said so.
      return specialty.profiles > 0 ? { ...request, path: `${request.path}?removeFromProfiles=true` } : request;
    },
  },
};

export default function SpecialtiesPage() {
  return <NamedListPage config={SPECIALTIES} />;
}
