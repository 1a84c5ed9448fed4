export * from './codes.js';
export * from './photos.js';
export * from './schema.js';
export * from './specialties.js';
export * from './directory.js';
