/**
 * Prometheus metrics of one API instance. Requests are counted into plain numbers on the hot path
 * (a Map lookup and a bucket walk, no label hashing); prom-client is loaded on the first scrape,
 * so start-up does not pay for it, and turns those numbers, the caches' counters, the database pool
 * and its own default process metrics (event-loop lag among them) into the text format.
 * Labels are bounded: the route TEMPLATE ("/api/faqs/:id", never the raw path), method and status.
 */
import { APP_VERSION } from '@npo/shared';
import type { Registry } from 'prom-client';
import { isPostgres, type Db } from '../../db/connection.js';
import type { MailCounts } from '../../mail/mailer.js';

/** Upper bounds in seconds: most answers are well under a millisecond, renders and writes take longer. */
export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export interface CacheStats {
  hits: number;
  misses: number;
  entries: number;
}

interface RequestSeries {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Per bucket (not cumulative); made cumulative when rendered. */
  buckets: number[];
}

export interface Metrics {
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** A cache whose counters are read at each scrape ("public_api", "html"). */
  addCache(name: string, stats: () => CacheStats): void;
  /** The text format and its content type. */
  render(): Promise<{ contentType: string; text: string }>;
}

/** The pool of knex (tarn): PostgreSQL's connections, or SQLite's single one. */
interface PoolLike {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  numPendingCreates(): number;
}

function poolOf(db: Db): PoolLike | undefined {
  return (db.client as { pool?: PoolLike }).pool;
}

/** `mail`: this instance's sent and failed mails; the queue's depth and age are read from the table at each scrape. */
export function createMetrics(
  db: Db,
  mail: () => MailCounts = () => ({ sent: new Map(), failed: new Map() }),
): Metrics {
  const requests = new Map<string, RequestSeries>();
  const caches = new Map<string, () => CacheStats>();
  let registry: Promise<Registry> | undefined;

  function observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = requests.get(key);
    if (!series) {
      const buckets = LATENCY_BUCKETS.map(() => 0);
      series = { labels: { method, route, status: String(status) }, count: 0, sum: 0, buckets };
      requests.set(key, series);
    }
    series.count += 1;
    series.sum += seconds;
    // A plain loop: this runs on every request.
    for (let bucket = 0; bucket < LATENCY_BUCKETS.length; bucket += 1) {
      if (seconds <= LATENCY_BUCKETS[bucket]!) {
        series.buckets[bucket]! += 1;
        return;
      }
    }
  }

  async function render() {
    registry ??= buildRegistry(requests, caches, db, mail);
    const ready = await registry;
    return { contentType: ready.contentType, text: await ready.metrics() };
  }

  return { observeRequest, addCache: (name, stats) => caches.set(name, stats), render };
}

type Sample = { labels: Record<string, string | number>; value: number; metricName?: string };

/** A metric whose values are computed at scrape time, in the shape prom-client's Registry renders. */
function computedMetric(
  name: string,
  help: string,
  type: 'counter' | 'gauge' | 'histogram',
  values: () => Sample[] | Promise<Sample[]>,
) {
  const metric = {
    name,
    help,
    type,
    aggregator: 'sum' as const,
    get: async () => ({ name, help, type, aggregator: 'sum' as const, values: await values() }),
  };
  return metric;
}

function requestSamples(requests: Map<string, RequestSeries>): Sample[] {
  const samples: Sample[] = [];
  for (const series of requests.values()) {
    let cumulative = 0;
    LATENCY_BUCKETS.forEach((bound, index) => {
      cumulative += series.buckets[index]!;
      samples.push({
        metricName: 'http_request_duration_seconds_bucket',
        labels: { ...series.labels, le: bound },
        value: cumulative,
      });
    });
    samples.push({
      metricName: 'http_request_duration_seconds_bucket',
      labels: { ...series.labels, le: '+Inf' },
      value: series.count,
    });
    samples.push({ metricName: 'http_request_duration_seconds_sum', labels: series.labels, value: series.sum });
    samples.push({ metricName: 'http_request_duration_seconds_count', labels: series.labels, value: series.count });
  }
  return samples;
}

function cacheSamples(caches: Map<string, () => CacheStats>, field: keyof CacheStats): Sample[] {
  return [...caches].map(([cache, stats]) => ({ labels: { cache }, value: stats()[field] }));
}

function poolSamples(db: Db): Sample[] {
  const pool = poolOf(db);
  if (!pool) return [];
  return [
    { labels: { state: 'used' }, value: pool.numUsed() },
    { labels: { state: 'free' }, value: pool.numFree() },
    { labels: { state: 'pending_acquire' }, value: pool.numPendingAcquires() },
    { labels: { state: 'pending_create' }, value: pool.numPendingCreates() },
  ];
}

const countSamples = (counts: ReadonlyMap<string, number>): Sample[] =>
  [...counts].map(([kind, value]) => ({ labels: { kind }, value }));

/** The queued mails (across instances: the table) and the age in seconds of the oldest, 0 when none. */
async function mailQueueSamples(db: Db, now: Date): Promise<{ depth: number; oldestSeconds: number }> {
  const row = await db('mail_queue')
    .where({ state: 'queued' })
    .first(db.raw('count(*) as depth'), db.raw('min(created_at) as oldest'));
  // Knex types an aggregate's row by the table, not by the raw columns it selects.
  const raw = row as unknown as { depth: number | string; oldest: Date | number | string | null } | undefined;
  if (!raw?.oldest) return { depth: Number(raw?.depth ?? 0), oldestSeconds: 0 };
  // SQLite's aggregate gives the stored epoch milliseconds; PostgreSQL a Date.
  const oldest = isPostgres(db) ? new Date(raw.oldest) : new Date(Number(raw.oldest));
  return { depth: Number(raw.depth), oldestSeconds: Math.max(0, (now.getTime() - oldest.getTime()) / 1000) };
}

async function buildRegistry(
  requests: Map<string, RequestSeries>,
  caches: Map<string, () => CacheStats>,
  db: Db,
  mail: () => MailCounts,
): Promise<Registry> {
  const { Registry, collectDefaultMetrics } = (await import('prom-client')).default;
  const registry = new Registry();
  // Process metrics: CPU, memory, heap, handles and the event-loop lag (measured from this first scrape on).
  collectDefaultMetrics({ register: registry });
  const metrics = [
    computedMetric('app_info', 'The running release (CHANGELOG.md) as the version label; always 1.', 'gauge', () => [
      { labels: { version: APP_VERSION }, value: 1 },
    ]),
    computedMetric('http_requests_total', 'HTTP requests by route template, method and status.', 'counter', () =>
      [...requests.values()].map((series) => ({ labels: series.labels, value: series.count })),
    ),
    computedMetric(
      'http_request_duration_seconds',
      'Answer time of HTTP requests by route template, method and status.',
      'histogram',
      () => requestSamples(requests),
    ),
    computedMetric('cache_hits_total', 'Answers served from an in-memory cache.', 'counter', () =>
      cacheSamples(caches, 'hits'),
    ),
    computedMetric('cache_misses_total', 'Cacheable requests the cache could not answer.', 'counter', () =>
      cacheSamples(caches, 'misses'),
    ),
    computedMetric('cache_entries', 'Answers held by an in-memory cache.', 'gauge', () =>
      cacheSamples(caches, 'entries'),
    ),
    computedMetric(
      'db_pool_connections',
      'Database pool connections by state (SQLite has a single one).',
      'gauge',
      () => poolSamples(db),
    ),
    computedMetric(
      'mail_sent_total',
      'Mails this instance handed to the SMTP server (or the outbox), by kind.',
      'counter',
      () => countSamples(mail().sent),
    ),
    computedMetric(
      'mail_failed_total',
      'Mails this instance marked failed (a 5xx reply, or 24 h of retries), by kind.',
      'counter',
      () => countSamples(mail().failed),
    ),
    computedMetric('mail_queue_depth', 'Mails queued and not sent yet (the whole queue).', 'gauge', async () => [
      { labels: {}, value: (await mailQueueSamples(db, new Date())).depth },
    ]),
    computedMetric(
      'mail_queue_oldest_age_seconds',
      'Age of the oldest queued mail; 0 when none waits.',
      'gauge',
      async () => [{ labels: {}, value: (await mailQueueSamples(db, new Date())).oldestSeconds }],
    ),
  ];
  for (const metric of metrics) registry.registerMetric(metric as never);
  return registry;
}
