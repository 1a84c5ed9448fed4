import type { DirectoryProfile } from '@npo/shared';
import type { PageContext } from 'vike/types';

export const title = (pageContext: PageContext) => {
  const professional = (pageContext.data as { professional?: DirectoryProfile } | undefined)?.professional;
  return professional ? `${professional.name} | Find a Professional` : 'Find a Professional';
};
