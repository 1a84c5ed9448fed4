import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z, ZodObject, ZodType } from 'zod';
import { changedQueryKeys, changeOf, createApiClient, routeOfChange } from '../client.js';
import { CONTRACT_FIELDS, idParams, withSchemas, type Operation } from './operation.js';
import { API_OPERATIONS } from './operations.js';
import { pathOf, queryKeyOf, resourceOf, routesOf, type Route } from './route.js';
import { ROUTES } from './routes.js';

describe('the route table', () => {
  it('declares each method and path once, admin operations with their module and action', () => {
    const keys = API_OPERATIONS.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const operation of API_OPERATIONS) {
      const admin = operation.path.startsWith('/api/admin/');
      expect(operation.access === 'admin', `${operation.method} ${operation.path}`).toBe(admin);
      if (admin) expect([operation.module, operation.action].includes(undefined)).toBe(false);
    }
  });

  it('changes public content only by writes', () => {
    const changing = API_OPERATIONS.filter((operation) => operation.changesPublicContent);
    expect(changing.length).toBeGreaterThan(0);
    expect(changing.filter((operation) => operation.method === 'get')).toEqual([]);
    // Read as the table's entries: a narrow entry's type leaves the flag out where it is not set.
    const flagOf = (route: Route) => route.changesPublicContent;
    expect(flagOf(ROUTES.contactMessages.remove)).toBeUndefined();
    expect(flagOf(ROUTES.users.update)).toBeUndefined();
  });

  it('fills a path from its values, encoded, and refuses a missing one', () => {
    expect(pathOf(ROUTES.auth.checkResetToken, { token: 'a/b c' })).toBe('/api/auth/reset-password/a%2Fb%20c');
    expect(() => pathOf(ROUTES.activities.removeRegistration, { id: 1 } as never)).toThrow(/userId/);
  });
});

const SCHEMA_FIELDS = ['params', 'query', 'body', 'answer'] as const;

/** An operation as the browser's table holds it: everything but its contract. */
function routeOf(operation: Operation): Record<string, unknown> {
  return Object.fromEntries(Object.entries(operation).filter(([field]) => !CONTRACT_FIELDS.includes(field)));
}

describe('the routes and the operations with their schemas', () => {
  it('are the same routes in the same order, with the same method, path, access and flags', () => {
    expect(API_OPERATIONS.map(routeOf)).toEqual(routesOf<Route>(ROUTES));
  });

  it('attach zod schemas only, and a path parameter schema to each route with path parameters', () => {
    for (const operation of API_OPERATIONS) {
      const where = `${operation.method} ${operation.path}`;
      for (const field of SCHEMA_FIELDS) {
        if (field in operation) expect(operation[field], `${where} ${field}`).toBeInstanceOf(ZodType);
      }
      const names = [...operation.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const shape = operation.params instanceof ZodObject ? operation.params.shape : {};
      expect(Object.keys(shape), where).toEqual(names);
    }
  });

  it('refuses schemas placed where the table has no route, or that are not of an input', () => {
    const routes = { faqs: { get: ROUTES.faqs.list } };
    const contract = { answer: z.null(), summary: 'Get an FAQ' };
    expect(() => withSchemas(routes, { faqs: { get: { params: idParams, ...contract } } })).not.toThrow();
    expect(withSchemas(routes, { faqs: { get: contract } }).faqs.get.tag).toBe('faqs');
    expect(() => withSchemas(routes, { faqs: { gte: contract } } as never)).toThrow(/API\.faqs: .*gte/);
    expect(() => withSchemas(routes, { faqs: { get: { headers: idParams, ...contract } } } as never)).toThrow(
      /API\.faqs\.get: headers/,
    );
    expect(() => withSchemas(routes, { faqs: { get: { params: idParams } } } as never)).toThrow(
      /API\.faqs\.get: a route needs its answer and summary/,
    );
    expect(() => withSchemas({ misc: routes.faqs }, { misc: { get: contract } } as never)).toThrow(/"misc" is no tag/);
  });
});

const SHARED_SOURCES = fileURLToPath(new URL('../', import.meta.url));

/** What a module loads when it runs: what it imports or re-exports as values, not for types alone. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  return source.statements.flatMap((statement) => {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const named = clause?.namedBindings;
      const typesOnly =
        clause?.isTypeOnly === true ||
        (clause !== undefined &&
          !clause.name &&
          named !== undefined &&
          ts.isNamedImports(named) &&
          named.elements.every((element) => element.isTypeOnly));
      return typesOnly ? [] : [(statement.moduleSpecifier as ts.StringLiteral).text];
    }
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      return [(statement.moduleSpecifier as ts.StringLiteral).text];
    }
    return [];
  });
}

/** Every package a module loads, each with the chain of shared modules that reaches it. */
function packagesLoadedBy(start: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string, chain: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      if (!specifier.startsWith('.')) packages.set(specifier, chain);
      else {
        const target = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts');
        visit(target, `${chain} → ${path.relative(SHARED_SOURCES, target)}`);
      }
    }
  };
  visit(path.join(SHARED_SOURCES, start), start);
  return packages;
}

describe('the browser side of the route table', () => {
  // The console's sign-in screen loads the client: zod and every schema would load with it.
  it('loads no zod: the client, its routes and changeOf', () => {
    const packages = packagesLoadedBy('client.ts');
    expect(packages.get('zod'), 'the chain of imports that loads zod').toBeUndefined();
  });

  // The sign-in pages read what a sign-in answered: the entities' schemas would load with them.
  it('loads no zod for the sign-in answer check (the entities are imported as types only)', () => {
    expect(packagesLoadedBy('two-factor.ts').get('zod'), 'the chain of imports that loads zod').toBeUndefined();
  });
});

describe("what a console change makes stale, from its route's resources", () => {
  it('finds the route of every write of the table from its change, and refreshes its resource', () => {
    const resources = new Set(routesOf<Route>(ROUTES).map(resourceOf));
    for (const route of routesOf<Route>(ROUTES).filter((entry) => entry.method !== 'get')) {
      const params = Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, 7]));
      const change = { method: route.method.toUpperCase(), path: pathOf(route, params).slice('/api'.length) };
      expect(routeOfChange(change as never), `${route.method} ${route.path}`).toBe(route);
      expect(changedQueryKeys(change as never)[0]).toEqual([resourceOf(route)]);
      for (const other of route.changes ?? []) expect(resources, `${route.path} changes ${other}`).toContain(other);
    }
  });

  it('refreshes the lists and items of the resources a write declares, its own first', () => {
    expect(changedQueryKeys(changeOf(ROUTES.faqs.admin.update, { params: { id: 3 } }))).toEqual([['faqs']]);
    expect(changedQueryKeys(changeOf(ROUTES.users.remove, { params: { id: 3 } }))).toEqual([
      ['users'],
      ['auth'],
      ['activities'],
    ]);
    expect(queryKeyOf(ROUTES.auth.me)).toEqual(['auth', 'me']);
    expect(queryKeyOf(ROUTES.activities.registrations)).toEqual(['activities']);
    expect(() => changedQueryKeys({ method: 'POST', path: '/admin/nothing' })).toThrow(/no route/);
  });
});

describe('the console changes and the client built from it', () => {
  it('builds a queued change from a table entry', () => {
    expect(
      changeOf(ROUTES.faqs.admin.update, { params: { id: 3 }, body: { question: 'Q?', answer: 'A.' }, revision: 2 }),
    ).toEqual({
      method: 'PUT',
      path: '/admin/faqs/3',
      body: { question: 'Q?', answer: 'A.' },
      revision: 2,
    });
    expect(changeOf(ROUTES.activities.removeRegistration, { params: { id: 4, userId: 9 } })).toEqual({
      method: 'POST',
      path: '/admin/activities/4/registrations/9/remove',
    });
  });

  it("sends each call with its entry's method and path", async () => {
    const sent: string[] = [];
    const api = createApiClient({
      baseUrl: 'http://api.test',
      fetch: async (url, init) => {
        sent.push(`${init?.method ?? 'GET'} ${url instanceof Request ? url.url : url.toString()}`);
        return new Response(JSON.stringify({ success: true, data: null }), { status: 200 });
      },
    });
    await api.admin.users.endSessions(5);
    await api.admin.contactMessages.list({ page: 2, state: 'new', q: '' });
    await api.content.activities({ status: 'past' });
    expect(sent).toEqual([
      'POST http://api.test/api/admin/users/5/end-sessions',
      'GET http://api.test/api/admin/contact-messages?page=2&state=new',
      'GET http://api.test/api/activities?status=past',
    ]);
  });
});
