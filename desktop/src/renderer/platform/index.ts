/** The one door to the host: the variant behind `@platform` is chosen by the build configuration. */
export { platform } from '@platform';
export type { AppUpdates, Platform } from './types';
