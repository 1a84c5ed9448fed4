/**
 * zodResolver for forms whose values are a valid input of a shared schema but typed more strictly
 * (e.g. permissions always complete, status already one of the enum). The schema decides what the
 * submit handler receives, so SPEC 5's messages and transforms are the shared ones.
 */
import './zod-setup';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export function schemaResolver<Values extends FieldValues, Output>(
  schema: z.ZodType<Output>,
): Resolver<Values, unknown, Output> {
  // @hookform/resolvers' overloads cannot take a generic zod schema: its Resolver type is built from the schema's own.
  return zodResolver(schema as never) as unknown as Resolver<Values, unknown, Output>;
}
