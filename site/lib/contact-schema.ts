/** Loaded on demand by the contact form, so zod is not part of the home page's first load. */
export { contactMessageSchema } from '@npo/shared';
