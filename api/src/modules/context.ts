/** What each module's `register` receives to declare its routes. */
import type { AppDeps } from '../deps.js';
import type { Session } from '../middleware/session.js';
import type { RegisterRoute } from '../routes.js';

export interface ModuleContext {
  deps: AppDeps;
  session: Session;
  /** Registers the handler of one operation of the route table (@npo/shared's API). */
  route: RegisterRoute;
}
