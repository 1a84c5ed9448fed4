import type { PageContext } from 'vike/types';
import { loadPageContent } from '../../../../lib/content';
import { loadProfessional } from '../../../../lib/directory';

export async function data(pageContext: PageContext) {
  const [content, professional] = await Promise.all([loadPageContent(pageContext, []), loadProfessional(pageContext)]);
  return { ...content, professional };
}
