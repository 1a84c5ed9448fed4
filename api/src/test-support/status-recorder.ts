/**
 * Records (method, path, status) of every answer a test app gives and compares them with the OpenAPI
 * document: an answer whose status the document does not list for its operation is a gap in the
 * document (or a bug). The fuzz test always checks; every other suite checks when API_STATUS_CHECK=1
 * is set, at the close of its test app.
 */

export interface RecordedAnswer {
  method: string;
  /** Path and query as requested. */
  url: string;
  status: number;
}

interface OpenApiOperation {
  responses: Record<string, unknown>;
}

export interface OpenApiDocument {
  /** A path marked x-outside-router is served in front of the router: its other methods answer 404, not 405. */
  paths: Record<string, Record<string, OpenApiOperation> & { 'x-outside-router'?: boolean }>;
}

/** Where a request lands in the document: its path template, and its operation when the method has one. */
export interface Placement {
  template: string;
  operation: OpenApiOperation | undefined;
}

/** Errors answered before any route is chosen: the path does not decode, or the body cannot be read. */
const BEFORE_ROUTING = [400, 413, 415];

function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  // The router ignores one trailing slash.
  return new RegExp(`^${escaped.replace(/\{\w+\}/g, '[^/]+')}/?$`);
}

/**
 * Like the router: the first path (in registration order, which the document keeps) that has the
 * method wins, so PUT /faqs/reorder is the reorder route and DELETE /faqs/reorder the item route.
 */
export function placeRequest(document: OpenApiDocument, method: string, url: string): Placement | undefined {
  const path = url.split('?')[0]!;
  const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  const matching = Object.keys(document.paths).filter((template) => templatePattern(template).test(path));
  const withMethod = matching.find((template) => verb in document.paths[template]!);
  if (withMethod) return { template: withMethod, operation: document.paths[withMethod]![verb] as OpenApiOperation };
  return matching[0] === undefined ? undefined : { template: matching[0], operation: undefined };
}

/** The statuses the document allows for this request; undefined when the check does not apply (OPTIONS). */
export function allowedStatuses(document: OpenApiDocument, method: string, url: string): number[] | undefined {
  if (method.toUpperCase() === 'OPTIONS') return undefined;
  const placement = placeRequest(document, method, url);
  if (!placement) return [404, ...BEFORE_ROUTING];
  if (!placement.operation) {
    return [document.paths[placement.template]!['x-outside-router'] ? 404 : 405, ...BEFORE_ROUTING];
  }
  return Object.keys(placement.operation.responses).map(Number);
}

/** One line per answer the document does not list, e.g. "PUT /api/admin/faqs/1 → 418 (documented: 200, 400)". */
export function undocumentedAnswers(document: OpenApiDocument, answers: RecordedAnswer[]): string[] {
  const problems = new Set<string>();
  for (const { method, url, status } of answers) {
    const allowed = allowedStatuses(document, method, url);
    if (allowed && !allowed.includes(status)) {
      const placement = placeRequest(document, method, url);
      const where = placement ? `${method.toUpperCase()} ${placement.template}` : `${method.toUpperCase()} ${url}`;
      problems.add(`${where} → ${status} (e.g. ${url}; documented: ${allowed.join(', ')})`);
    }
  }
  return [...problems];
}

export interface StatusRecorder {
  answers: RecordedAnswer[];
  record(method: string, url: string, status: number): void;
  /** With API_STATUS_CHECK set: throws listing the undocumented answers. */
  verifyIfAsked(loadDocument: () => Promise<OpenApiDocument>): Promise<void>;
}

export function createStatusRecorder(): StatusRecorder {
  const answers: RecordedAnswer[] = [];
  return {
    answers,
    record: (method, url, status) => void answers.push({ method, url, status }),
    async verifyIfAsked(loadDocument) {
      if (!process.env.API_STATUS_CHECK || answers.length === 0) return;
      const problems = undocumentedAnswers(await loadDocument(), answers);
      if (problems.length > 0) {
        throw new Error(`Answers the OpenAPI document does not list:\n${problems.join('\n')}`);
      }
    },
  };
}
