export * from './fields.js';
export * from './auth.js';
export * from './content.js';
export * from './query.js';
export * from './audit.js';
export * from './two-factor.js';
export * from './mail.js';
