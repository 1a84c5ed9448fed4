/**
 * The route table with its schemas: each route of routes.ts with the schemas of route-schemas.ts
 * that validate its input. The server registers a handler for each entry from here (refusing to
 * start while one has none), validates with its schemas, and the OpenAPI document lists them in this
 * order. Code that runs in the browser uses ROUTES instead, which loads no zod.
 */
import { withSchemas, type Operation } from './operation.js';
import { routesOf } from './route.js';
import { ROUTE_SCHEMAS } from './route-schemas.js';
import { ROUTES } from './routes.js';

export const API = withSchemas(ROUTES, ROUTE_SCHEMAS);

/** Every operation of the table, in its order. */
export const API_OPERATIONS: readonly Operation[] = routesOf<Operation>(API);
