export * from './constants.js';
export * from './permissions.js';
export * from './envelope.js';
export * from './entities.js';
export * from './format.js';
export * from './schemas/index.js';
export * from './content/defaults.js';
export * from './client.js';
