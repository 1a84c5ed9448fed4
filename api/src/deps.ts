import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import type { Clock } from './lib/clock.js';
import type { ContentChanges } from './lib/content-changes.js';
import type { Logger } from './lib/logger.js';
import type { Mailer } from './mail/mailer.js';

/** What the app factory is built from: real instances in production and in tests alike. */
export interface AppDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
  clock: Clock;
  logger: Logger;
  contentChanges: ContentChanges;
}
