/** Loaded on demand by the contact forms, so zod is not part of a page's first load. */
export { contactMessageSchema, directoryContactSchema } from '@npo/shared';
