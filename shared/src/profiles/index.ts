export * from './codes.js';
export * from './schema.js';
export * from './directory.js';
