export * from './route.js';
export * from './routes.js';
export * from './calendar-routes.js';
export * from './operation.js';
export * from './operations.js';
export * from './tags.js';
