export * from './operation.js';
export * from './operations.js';
