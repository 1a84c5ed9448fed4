import type { PageContext } from 'vike/types';
import { loadPageContent } from '../../../lib/content';
import { loadDirectory } from '../../../lib/directory';

export async function data(pageContext: PageContext) {
  const [content, directory] = await Promise.all([loadPageContent(pageContext, []), loadDirectory(pageContext)]);
  return { ...content, directory };
}
