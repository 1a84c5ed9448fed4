import type { PageContext } from 'vike/types';

export const title = (pageContext: PageContext) =>
  pageContext.is404 ? 'Page not found | Global Nutrition Network' : 'Something went wrong | Global Nutrition Network';
