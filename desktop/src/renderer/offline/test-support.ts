/**
 * For the offline tests: a platform kept in memory (its durable store can be told to fail or to hold
 * its answer), and an API stand-in that keeps rows and honours `Idempotency-Key` as the server's
 * middleware does (same key and body: the first answer again; another body: 422).
 */
import type { Platform } from '../platform';

export interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

export function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

export interface MemoryPlatform extends Platform {
  files: Map<string, string>;
  /** The next writes fail with this error while it is set. */
  failWrites: Error | null;
  /** Writes wait for this before they land, while it is set. */
  holdWrites: Deferred | null;
  writes: number;
}

export function memoryPlatform(stored: Record<string, string> = {}): MemoryPlatform {
  const values = new Map(Object.entries(stored));
  const memory: MemoryPlatform = {
    kind: 'web',
    init: async () => {},
    apiBaseUrl: 'http://api.test',
    routing: 'browser',
    storage: {
      get: (key) => values.get(key) ?? null,
      set: (key, value) => void values.set(key, value),
      remove: (key) => void values.delete(key),
    },
    files: new Map(),
    failWrites: null,
    holdWrites: null,
    writes: 0,
    durable: {
      read: async (name) => memory.files.get(name) ?? null,
      write: async (name, value) => {
        if (memory.holdWrites) await memory.holdWrites.promise;
        if (memory.failWrites) throw memory.failWrites;
        memory.writes += 1;
        memory.files.set(name, value);
      },
    },
    server: null,
    publicSiteUrl: (path = '/') => `http://api.test${path}`,
    openPublicSite: () => {},
  };
  return memory;
}

export const STAFF = { id: 7, name: 'Dana', email: 'dana@example.org', role: 'super_admin' };

/** A platform whose storage holds a signed-in staff member. */
export function signedInPlatform(): MemoryPlatform {
  return memoryPlatform({ token: 'token-7', user: JSON.stringify(STAFF) });
}

export interface Received {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
  ifMatch: string | null;
}

type Answer = Response | 'drop-after-commit' | 'network' | 'hang' | null;

/** What a stand-in's routes answer: a status and a JSON body. */
interface Routed {
  status: number;
  body: unknown;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The fetch of an API stand-in: records each request, lets `next` answer first (return null to go
 * on) — a Response, `network` (no answer), `hang` (no answer, ever: only the request's own timeout,
 * its signal, ends it) or `drop-after-commit` (the server makes the change, the answer is lost on the
 * way back) — and honours `Idempotency-Key` as the server's middleware does: the same key and body
 * get the first answer again, another body 422; a 409 releases the key. `forgetKeys()`: the
 * server's 24 h are over.
 */
function standInFetch(route: (request: Received) => Routed) {
  const remembered = new Map<string, { fingerprint: string; status: number; body: string }>();
  const received: Received[] = [];

  function handle(request: Received): Response {
    const fingerprint = JSON.stringify([request.method, request.path, request.body ?? null]);
    const keyed = request.key !== null && request.method !== 'GET';
    if (keyed) {
      const first = remembered.get(request.key!);
      if (first && first.fingerprint !== fingerprint) {
        return json(422, { success: false, message: 'This Idempotency-Key was used for another request.' });
      }
      if (first)
        return new Response(first.body, { status: first.status, headers: { 'Content-Type': 'application/json' } });
    }
    const answer = route(request);
    if (keyed && answer.status !== 409) {
      remembered.set(request.key!, { fingerprint, status: answer.status, body: JSON.stringify(answer.body) });
    }
    return json(answer.status, answer.body);
  }

  const stand = {
    received,
    next: null as ((request: Received) => Answer) | null,
    forgetKeys: () => remembered.clear(),
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input);
      const headers = new Headers(init?.headers);
      const request: Received = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        key: headers.get('Idempotency-Key'),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        ifMatch: headers.get('If-Match'),
      };
      received.push(request);
      const early = stand.next?.(request) ?? null;
      if (early === 'hang') {
        return new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      if (early === 'network') throw new TypeError('Failed to fetch');
      if (early instanceof Response) return early;
      const answer = handle(request);
      if (early === 'drop-after-commit') throw new TypeError('Failed to fetch');
      return answer;
    }) as typeof fetch,
  };
  return stand;
}

/** The API stand-in of sync.test.ts: testimonials and a reorder, with the middleware's keys. */
export function fakeApi() {
  const rows: { id: number; revision: number; name: string }[] = [];
  const reorders: number[][] = [];
  let nextId = 1;

  function route(request: Received): Routed {
    if (request.method === 'GET') return { status: 200, body: { success: true, data: { testimonials: rows } } };
    const input = request.body as { name: string } | undefined;
    if (request.method === 'POST' && request.path === '/api/admin/testimonials') {
      const row = { id: nextId++, revision: 1, name: input?.name ?? '' };
      rows.push(row);
      return { status: 201, body: { success: true, data: row } };
    }
    if (request.path.endsWith('/reorder')) {
      reorders.push((request.body as { ids: number[] }).ids);
      return { status: 200, body: { success: true, data: null } };
    }
    const id = Number(request.path.match(/\/(\d+)$/)?.[1]);
    const row = rows.find((item) => item.id === id);
    if (!row) return { status: 404, body: { success: false, message: 'Not found' } };
    row.name = input?.name ?? row.name;
    row.revision += 1;
    return { status: 200, body: { success: true, data: row } };
  }

  return Object.assign(standInFetch(route), { rows, reorders });
}

/** One turn of the event loop (Node's setImmediate, which fake timers leave alone here). */
export function nextTurn(): Promise<void> {
  const { setImmediate } = globalThis as unknown as { setImmediate: (callback: () => void) => void };
  return new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * Waits until `check` passes, letting pending promises and I/O run between tries; unlike vi.waitFor
 * it never advances fake timers, so a test decides alone when a pause is over.
 */
export async function until(check: () => void, turns = 500): Promise<void> {
  for (let turn = 0; ; turn += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (turn >= turns) throw error;
      await nextTurn();
    }
  }
}

export interface FakeFaq {
  id: number;
  revision: number;
  order: number;
  question: string;
  answer: string;
  clientId?: string;
}

/**
 * A stand-in for the FAQ routes with the server's rules (api/src/modules/faqs, db/positions.ts): a
 * new FAQ goes last and a client id makes a creation once; a reorder must name every id and raises
 * the revision of each FAQ it moves; a deletion closes the gap, raising the revisions of those after
 * it; edits and deletions honour If-Match with a 409 carrying the current FAQ. Idempotency-Key is
 * honoured as the middleware does (`forgetKeys()`: the server's 24 h are over).
 */
export function fakeFaqServer() {
  const faqs: FakeFaq[] = [];
  let nextId = 1;
  const server = Object.assign(
    standInFetch((request) => route(request)),
    {
      faqs,
      /** Someone else's FAQ, made straight on the server. */
      addElsewhere(question: string): FakeFaq {
        const faq = { id: nextId++, revision: 1, order: faqs.length, question, answer: 'An answer elsewhere.' };
        faqs.push(faq);
        return faq;
      },
      /** Someone else's edit, made straight on the server. */
      editElsewhere(id: number, question: string): void {
        const faq = faqs.find((item) => item.id === id)!;
        faq.question = question;
        faq.revision += 1;
      },
    },
  );

  const sorted = () => [...faqs].sort((a, b) => a.order - b.order);
  const present = ({ clientId: _hidden, ...faq }: FakeFaq) => faq;

  function conflict(faq: FakeFaq | undefined) {
    return {
      status: 409,
      body: {
        success: false,
        code: 'edit_conflict',
        message: 'Someone else changed this FAQ.',
        current: faq ? present(faq) : null,
      },
    };
  }

  function route(request: Received): Routed {
    const input = (request.body ?? {}) as Partial<FakeFaq> & { ids?: unknown[] };
    if (request.method === 'GET') {
      const list = sorted().map(present);
      return {
        status: 200,
        body: {
          success: true,
          data: { faqs: list, pagination: { page: 1, limit: 100, total: list.length, pages: 1 } },
        },
      };
    }
    if (request.method === 'POST') {
      const made = input.clientId ? faqs.find((faq) => faq.clientId === input.clientId) : undefined;
      if (made) return { status: 201, body: { success: true, data: present(made) } };
      const faq: FakeFaq = {
        id: nextId++,
        revision: 1,
        order: faqs.length,
        question: input.question ?? '',
        answer: input.answer ?? '',
        ...(input.clientId && { clientId: input.clientId }),
      };
      faqs.push(faq);
      return { status: 201, body: { success: true, data: present(faq) } };
    }
    if (request.path.endsWith('/reorder')) {
      const ids = input.ids ?? [];
      const known = new Set(faqs.map((faq) => faq.id));
      if (ids.length !== faqs.length || !ids.every((id) => typeof id === 'number' && known.has(id))) {
        return {
          status: 400,
          body: {
            success: false,
            message: 'Validation failed',
            errors: [{ field: 'ids', message: 'ids must list every FAQ id' }],
          },
        };
      }
      (ids as number[]).forEach((id, position) => {
        const faq = faqs.find((item) => item.id === id)!;
        if (faq.order !== position) {
          faq.order = position;
          faq.revision += 1;
        }
      });
      return { status: 200, body: { success: true, data: { faqs: sorted().map(present) } } };
    }
    const id = Number(request.path.match(/\/(\d+)$/)?.[1]);
    const faq = faqs.find((item) => item.id === id);
    if (!faq) return { status: 404, body: { success: false, message: 'FAQ not found' } };
    if (request.ifMatch !== null && request.ifMatch !== `"${faq.revision}"`) return conflict(faq);
    if (request.method === 'DELETE') {
      faqs.splice(faqs.indexOf(faq), 1);
      for (const later of faqs.filter((item) => item.order > faq.order)) {
        later.order -= 1;
        later.revision += 1;
      }
      return { status: 200, body: { success: true, data: null } };
    }
    faq.question = input.question ?? faq.question;
    faq.answer = input.answer ?? faq.answer;
    faq.revision += 1;
    return { status: 200, body: { success: true, data: present(faq) } };
  }

  return server;
}
