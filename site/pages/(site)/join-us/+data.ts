import type { PageContext } from 'vike/types';
import { loadPageContent } from '../../../lib/content';

export const data = (pageContext: PageContext) => loadPageContent(pageContext, ['contactInfo']);
