/** The response envelope of DESIGN.md, shared by the API and its clients. */
import type { Pagination } from './entities.js';

export interface FieldError {
  field: string;
  message: string;
}

export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  message?: string;
}

export interface ErrorEnvelope {
  success: false;
  message: string;
  code?: string;
  errors?: FieldError[];
  /** With 409 `edit_conflict`: the item as it is now on the server, for the editor to compare. */
  current?: unknown;
  /** With 428 `proof_of_work_required`: what the sender must solve (proof-of-work.ts). */
  challenge?: unknown;
}

export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

export type ListData<Name extends string, Item> = { [K in Name]: Item[] } & { pagination: Pagination };
