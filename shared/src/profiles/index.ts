export * from './codes.js';
export * from './schema.js';
