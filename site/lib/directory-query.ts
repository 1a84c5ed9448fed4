/** The server render's reading of the directory's query (zod stays out of the browser's bundle). */
import { directoryQuery, type DIRECTORY_READS, type DirectoryQuery } from '@npo/shared';

/** The directory's filters as the page's URL gives them (a name of DIRECTORY_READS → its text). */
export type DirectoryFilter = Partial<Record<(typeof DIRECTORY_READS)[number], string>>;

/** The query as the API would take it, a value it would refuse dropped (as if not chosen). */
export function validDirectoryQuery(filter: DirectoryFilter): { query: DirectoryQuery; kept: DirectoryFilter } {
  const kept = { ...filter };
  const first = directoryQuery.safeParse(kept);
  if (first.success) return { query: first.data, kept };
  for (const issue of first.error.issues) delete kept[String(issue.path[0]) as keyof DirectoryFilter];
  const second = directoryQuery.safeParse(kept);
  return { query: second.success ? second.data : directoryQuery.parse({}), kept: second.success ? kept : {} };
}
