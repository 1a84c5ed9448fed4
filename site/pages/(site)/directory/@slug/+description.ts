import type { DirectoryProfile } from '@npo/shared';
import type { PageContext } from 'vike/types';
import { placeOf } from '../../../../components/directory/ProfessionalSummary';

export const description = (pageContext: PageContext) => {
  const professional = (pageContext.data as { professional?: DirectoryProfile } | undefined)?.professional;
  if (!professional) return 'A professional of the Global Nutrition Network directory.';
  const what = [professional.title, placeOf(professional)].filter(Boolean).join(', ');
  return `${professional.name}${what ? `, ${what}` : ''}: a verified member of the Global Nutrition Network.`;
};
