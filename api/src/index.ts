export { createApi, type Api } from './app.js';
export { loadConfig, ConfigError, type Config } from './config.js';
export { startRuntime, type Runtime } from './runtime.js';
export { createLogger, type Logger } from './lib/logger.js';
export type { AppDeps } from './deps.js';
export { createPublicContent, type PublicContent } from './public-content.js';
export { isFresh } from './lib/cached-answer-path.js';
export { publicAnswerHeaders, queryKey } from './lib/public-cache.js';
export { passwordWorkersStarted } from './lib/passwords.js';
