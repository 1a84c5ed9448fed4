import type { PageContext } from 'vike/types';
import { loadPageContent } from '../../../lib/content';
import { activityToRegisterFor } from '../../../lib/navigation';

// Sent here to register for an activity: the page names it, so the server reads the upcoming list.
export const data = (pageContext: PageContext) =>
  loadPageContent(pageContext, activityToRegisterFor(pageContext.urlParsed.search) ? ['upcomingActivities'] : []);
