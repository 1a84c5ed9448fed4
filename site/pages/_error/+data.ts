import type { PageContext } from 'vike/types';
import { loadPageContent } from '../../lib/content';

/**
 * The footer's contact details, so even a 404 arrives complete. When the error is the database
 * itself, the page still renders, with the footer's placeholders.
 */
export const data = (pageContext: PageContext) => loadPageContent(pageContext, ['contactInfo']).catch(() => null);
