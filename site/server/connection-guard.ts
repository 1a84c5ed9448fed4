/**
 * Issue 19, no stranger can lock everyone out: open connections are a resource of their own. Each
 * holds a file descriptor, and the process has a fixed number of them (RLIMIT_NOFILE). Measured on
 * `npm start` before this guard: one machine opening 20,400 idle connections (nothing sent on them)
 * took every descriptor, and every visitor's connection was reset for as long as it held them; with
 * no descriptor left, SQLite could not have opened its files either. So, with `max` connections as
 * the room (the descriptors less RESERVED_DESCRIPTORS, at most MAX_CONNECTIONS), the server:
 * - lets one client address (IPv6 by its /64, and its /56 with room for NETWORK_FACTOR of those, as
 *   the rate limits count) hold at most `perAddress` connections: past that, the address's oldest
 *   connection not being answered makes way (many visitors behind one NAT leave idle keep-alive
 *   connections), and only if every one is being answered is the new one refused. Not behind a
 *   trusted proxy: every connection is then the proxy's, and the proxy limits per visitor;
 * - once `highWater` connections are open, closes the idle ones: keep-alive connections between
 *   requests, and connections that have not sent a byte for SILENT_GRACE_MS (node counts those as
 *   busy until its headersTimeout). A visitor's browser simply opens a new one. The grace spares the
 *   connections taken in the same turn as the sweep's: the server accepts a burst of them before it
 *   reads any, so a visitor's request that came with the burst has not been read yet;
 * - from then on, until the connections are down to half the high water, gives a request's headers
 *   PRESSED_HEADERS_TIMEOUT_MS to arrive instead of node's 60 s: connections sending theirs a byte at
 *   a time (slowloris) are answered 408 and closed by node's own check (every CONNECTIONS_CHECK_MS,
 *   graceful-shutdown.ts);
 * - when the room is full, makes room for a new connection by closing the oldest one that is not
 *   being answered (idle, still sending its headers, or still sending its body): a visitor's request
 *   arrives within milliseconds of its connection, so a flood would have to fill the whole room in
 *   that time to push it out. Only when every connection is being answered is the new one refused.
 * A request whose whole body has arrived (being worked on, or its answer being written) is never cut.
 *
 * Issue 52 item 2: 9,000 connections each sending a body a byte every 10 s held the room, as a body
 * still arriving counted as "being answered" and node's requestTimeout was its default 300 s. Node's
 * own timeouts now bound a request: its headers within HEADERS_TIMEOUT_MS, all of it (body included)
 * within REQUEST_TIMEOUT_MS, PRESSED_REQUEST_TIMEOUT_MS under pressure; past it node answers 408 and
 * closes the connection (checked every CONNECTIONS_CHECK_MS).
 */
import { readFileSync } from 'node:fs';
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { clientSubject, NETWORK_FACTOR, networkSubject } from '@npo/api';

export interface ConnectionLimits {
  /** Open connections one client address may hold. */
  perAddress: number;
  /** Open connections in all past which the idle ones are closed. */
  highWater: number;
  /** Open connections in all: the room, past which the oldest not being answered makes way. */
  max: number;
}

/** Connections one address may hold at most: a browser opens 6 to a host, an office's NAT many more. */
export const MAX_PER_ADDRESS = 256;
/** Descriptors kept for everything but visitors' connections: database files, pools, workers, logs. */
export const RESERVED_DESCRIPTORS = 256;
/**
 * The room's bound whatever the descriptors (a container's limit is often 1,048,576): an open
 * connection holds about 15 kB of the server's memory (measured: 7,963 descriptors, RSS 226 MB
 * against 105 MB idle), so 8,000 of them cost about 120 MB at most.
 */
export const MAX_CONNECTIONS = 8_000;
/**
 * A sweep walks every connection, so at the high water it runs once per this share of the room
 * between the high water and the maximum: new connections, whatever their number, cost a few
 * steps each.
 */
const SWEEP_SHARE = 1 / 2;
/**
 * A sweep closes a connection that has sent nothing only once it is this old: a browser's request
 * follows its connection within a round trip, and a busy loop reads it a turn or so later.
 */
export const SILENT_GRACE_MS = 1_000;
/** Under pressure, a request's headers must all arrive within this: a browser sends them at once. */
export const PRESSED_HEADERS_TIMEOUT_MS = 5_000;
/** A request's headers must arrive within this (node's default is 60 s). */
export const HEADERS_TIMEOUT_MS = 20_000;
/**
 * The whole request, body included, must arrive within this (node's default is 300 s): the largest
 * body the API takes (a members file, 16 MB) in 30 s needs about 4.5 Mbit/s.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Under pressure, the whole request must arrive within this. */
export const PRESSED_REQUEST_TIMEOUT_MS = 10_000;
/**
 * Closed connections count against node's maxConnections until their 'close' event: it is set this
 * far above the room, out of the reserved descriptors, so that it refuses only what the guard let by.
 */
const HARD_MARGIN = RESERVED_DESCRIPTORS / 2;
/** Refused connections are logged at most this often, as one line with their count. */
const REPORT_EVERY_MS = 60_000;
/** Where /proc/self/limits is not (macOS, Windows): node's usual soft limit there. */
const FALLBACK_OPEN_FILES = 1024;

/** The limits for a process that may hold `openFiles` descriptors. */
export function connectionLimits(openFiles: number): ConnectionLimits {
  const max = Math.max(64, Math.min(MAX_CONNECTIONS, openFiles - RESERVED_DESCRIPTORS));
  return { perAddress: Math.min(MAX_PER_ADDRESS, Math.floor(max / 4)), highWater: Math.floor(max * 0.9), max };
}

/**
 * The process's limit on open descriptors, as node left it (it raises the soft limit to the hard
 * one at start-up): read from /proc/self/limits, FALLBACK_OPEN_FILES where that cannot be read.
 */
export function openFilesLimit(limitsText = readLimits()): number {
  const line = limitsText?.split('\n').find((row) => row.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  if (soft === 'unlimited') return 1 << 20;
  const limit = Number(soft);
  return Number.isSafeInteger(limit) && limit > 0 ? limit : FALLBACK_OPEN_FILES;
}

function readLimits(): string | undefined {
  try {
    return readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return undefined;
  }
}

/** What the guard did since its last report. */
export interface GuardCounts {
  /** Connections closed to make room for a new one, in the room or in their address's share. */
  evicted: number;
  /** New connections refused: every one of their address's share was being answered. */
  overAddressLimit: number;
  /** New connections refused: every connection in the room was being answered. */
  refused: number;
  /** Sweeps of the idle connections at the high water. */
  idleSweeps: number;
}

export interface ConnectionGuardOptions {
  limits: ConnectionLimits;
  /** TRUST_PROXY: every connection comes from the proxy, so none is counted per address. */
  behindProxy: boolean;
  /** Told at most once a minute what the guard did since it was last told, if anything. */
  report: (counts: GuardCounts) => void;
  now?: () => number;
  pressedHeadersTimeoutMs?: number;
  /** REQUEST_TIMEOUT_MS unless given (tests make it short). */
  requestTimeoutMs?: number;
  pressedRequestTimeoutMs?: number;
}

/**
 * Whether node is answering a request on `socket` whose body has all arrived: node attaches the
 * response it writes to its socket as `_httpMessage`, an internal field (its own closeIdleConnections
 * reads it the same way), and the response its request. A request still sending its body is not
 * being answered yet (issue 52). Not a 'finish' listener per response: that kept every answer alive
 * across young-generation GCs (graceful-shutdown.ts).
 */
function beingAnswered(socket: Socket): boolean {
  const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  return response != null && (response.headersSent || response.req.complete);
}

const NO_COUNTS: GuardCounts = { evicted: 0, overAddressLimit: 0, refused: 0, idleSweeps: 0 };

/** Guards `server`'s connections (before it listens). */
export function guardConnections(server: Server, options: ConnectionGuardOptions): void {
  const { limits, behindProxy, report, now = Date.now } = options;
  const { pressedHeadersTimeoutMs = PRESSED_HEADERS_TIMEOUT_MS } = options;
  const { requestTimeoutMs = REQUEST_TIMEOUT_MS, pressedRequestTimeoutMs = PRESSED_REQUEST_TIMEOUT_MS } = options;
  // node refuses a headers timeout longer than the request's: the headers are part of the request.
  server.requestTimeout = requestTimeoutMs;
  server.headersTimeout = Math.min(server.headersTimeout, HEADERS_TIMEOUT_MS, requestTimeoutMs);
  const usualHeadersTimeout = server.headersTimeout;
  const pressure = (on: boolean) => {
    server.headersTimeout = on ? Math.min(usualHeadersTimeout, pressedHeadersTimeoutMs) : usualHeadersTimeout;
    server.requestTimeout = on ? Math.min(requestTimeoutMs, pressedRequestTimeoutMs) : requestTimeoutMs;
  };
  /** Open connections, oldest first; a connection the guard closes leaves at once. */
  const sockets = new Set<Socket>();
  /** Each address's (and IPv6 network's) open connections, oldest first. */
  const perSubject = new Map<string, Set<Socket>>();
  const subjectsOfSocket = new WeakMap<Socket, string[]>();
  const admittedAt = new WeakMap<Socket, number>();
  const counts: GuardCounts = { ...NO_COUNTS };
  const sweepEvery = Math.max(1, Math.floor((limits.max - limits.highWater) * SWEEP_SHARE));
  let sinceSweep = 0;
  let lastReport = now();

  const reportNow = () => {
    const time = now();
    if (time - lastReport < REPORT_EVERY_MS) return;
    lastReport = time;
    if (Object.values(counts).some((count) => count > 0)) report({ ...counts });
    Object.assign(counts, NO_COUNTS);
  };
  const forget = (socket: Socket) => {
    sockets.delete(socket);
    for (const key of subjectsOfSocket.get(socket) ?? []) {
      const group = perSubject.get(key);
      group?.delete(socket);
      if (group?.size === 0) perSubject.delete(key);
    }
  };
  const close = (socket: Socket) => {
    forget(socket);
    socket.destroy();
  };
  /** Called for each connection coming in, before it joins `sockets`. */
  const sweepAtHighWater = () => {
    sinceSweep += 1;
    if (sockets.size < limits.highWater || sinceSweep < sweepEvery) return;
    sinceSweep = 0;
    counts.idleSweeps += 1;
    pressure(true);
    server.closeIdleConnections();
    const silentSince = now() - SILENT_GRACE_MS;
    for (const socket of sockets) {
      const silent = socket.bytesRead === 0 && (admittedAt.get(socket) ?? 0) <= silentSince;
      if (silent || socket.destroyed) close(socket);
    }
  };
  /** Closes the oldest connection of `group` not being answered; false when every one is. */
  const evictOldest = (group: Set<Socket>): boolean => {
    for (const socket of group) {
      if (socket.destroyed) forget(socket);
      else if (!beingAnswered(socket)) {
        close(socket);
        counts.evicted += 1;
        return true;
      }
    }
    return false;
  };
  const admit = (socket: Socket): boolean => {
    const subjects = behindProxy ? [] : subjectsOf(socket);
    for (const { key, limit } of subjects) {
      const group = perSubject.get(key);
      if (group && group.size >= limit && !evictOldest(group)) {
        counts.overAddressLimit += 1;
        return false;
      }
    }
    sweepAtHighWater();
    if (sockets.size >= limits.max && !evictOldest(sockets)) {
      counts.refused += 1;
      return false;
    }
    sockets.add(socket);
    admittedAt.set(socket, now());
    subjectsOfSocket.set(
      socket,
      subjects.map(({ key }) => key),
    );
    for (const { key } of subjects) perSubject.set(key, (perSubject.get(key) ?? new Set()).add(socket));
    socket.once('close', () => {
      forget(socket);
      if (sockets.size < limits.highWater / 2) pressure(false);
    });
    return true;
  };

  // node's own refusal, counting connections until they have closed: a bound the guard stays under.
  server.maxConnections = limits.max + HARD_MARGIN;
  server.on('drop', () => (counts.refused += 1));
  // Before node's HTTP handler, which then finds a connection the guard refused destroyed.
  server.prependListener('connection', (socket: Socket) => {
    if (!admit(socket)) socket.destroy();
    reportNow();
  });

  function subjectsOf(socket: Socket): { key: string; limit: number }[] {
    if (!socket.remoteAddress) return [];
    const subject = clientSubject(socket.remoteAddress);
    const network = networkSubject(subject);
    return [
      { key: subject, limit: limits.perAddress },
      ...(network ? [{ key: network, limit: limits.perAddress * NETWORK_FACTOR }] : []),
    ];
  }
}
