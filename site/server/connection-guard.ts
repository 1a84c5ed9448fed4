/**
 * Issue 19, no stranger can lock everyone out: open connections are a resource of their own. Each
 * holds a file descriptor, and the process has a fixed number of them (RLIMIT_NOFILE). Measured on
 * `npm start` before this guard: one machine opening 20,400 idle connections (nothing sent on them)
 * took every descriptor, and every visitor's connection was reset for as long as it held them; with
 * no descriptor left, SQLite could not have opened its files either. So the server:
 * - lets one client address (IPv6 by its /64, and its /56 with room for NETWORK_FACTOR of those, as
 *   the rate limits count) hold at most `perAddress` connections, closing any past that at once. Not
 *   behind a trusted proxy: every connection is then the proxy's, and the proxy limits per visitor;
 * - closes idle connections to make room once `highWater` connections are open in all: keep-alive connections between requests, and connections that have not sent a byte (node
 *   counts those as busy until its headersTimeout, 60 s). A visitor's browser simply opens a new one;
 *   an attacker's held connections are gone. A request under way, or being sent, is never cut;
 * - refuses new connections past `max` (node's own server.maxConnections), so descriptors are left for
 *   the database, the files being sent and the mail.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { clientSubject, NETWORK_FACTOR, networkSubject } from '@npo/api';

export interface ConnectionLimits {
  /** Open connections one client address may hold. */
  perAddress: number;
  /** Open connections in all past which the idle ones are closed. */
  highWater: number;
  /** Open connections in all past which new ones are refused. */
  max: number;
}

/** Connections one address may hold at most: a browser opens 6 to a host, an office's NAT many more. */
export const MAX_PER_ADDRESS = 256;
/** Descriptors kept for everything but visitors' connections: database files, pools, workers, logs. */
export const RESERVED_DESCRIPTORS = 256;
/**
 * A sweep walks every connection, so at the high water it runs once per this share of the room
 * between the high water and the maximum: new connections, whatever their number, cost a few
 * steps each, and two sweeps that closed nothing (every connection busy) come before a refusal.
 */
const SWEEP_SHARE = 1 / 2;
/** Refused connections are logged at most this often, as one line with their count. */
const REPORT_EVERY_MS = 60_000;
/** Where /proc/self/limits is not (macOS, Windows): node's usual soft limit there. */
const FALLBACK_OPEN_FILES = 1024;

/** The limits for a process that may hold `openFiles` descriptors. */
export function connectionLimits(openFiles: number): ConnectionLimits {
  const max = Math.max(64, openFiles - RESERVED_DESCRIPTORS);
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

/** Since the last report: connections closed past their address's limit, refused past the maximum,
 * and the sweeps that closed the idle ones. */
export interface GuardCounts {
  overAddressLimit: number;
  overMax: number;
  idleSweeps: number;
}

export interface ConnectionGuardOptions {
  limits: ConnectionLimits;
  /** TRUST_PROXY: every connection comes from the proxy, so none is counted per address. */
  behindProxy: boolean;
  /** Told at most once a minute what the guard did since it was last told, if anything. */
  report: (counts: GuardCounts) => void;
  now?: () => number;
}

/** Guards `server`'s connections (before it listens). */
export function guardConnections(server: Server, options: ConnectionGuardOptions): void {
  const { limits, behindProxy, report, now = Date.now } = options;
  const perSubject = new Map<string, number>();
  const sockets = new Set<Socket>();
  const counts: GuardCounts = { overAddressLimit: 0, overMax: 0, idleSweeps: 0 };
  const sweepEvery = Math.max(1, Math.floor((limits.max - limits.highWater) * SWEEP_SHARE));
  let sinceSweep = 0;
  let lastReport = now();

  const reportNow = () => {
    const time = now();
    if (time - lastReport < REPORT_EVERY_MS) return;
    lastReport = time;
    if (counts.overAddressLimit + counts.overMax + counts.idleSweeps > 0) report({ ...counts });
    Object.assign(counts, { overAddressLimit: 0, overMax: 0, idleSweeps: 0 });
  };
  /** Called for each connection coming in (taken or refused), before it joins `sockets`. */
  const sweepAtHighWater = () => {
    sinceSweep += 1;
    if (sockets.size < limits.highWater || sinceSweep < sweepEvery) return;
    sinceSweep = 0;
    counts.idleSweeps += 1;
    server.closeIdleConnections();
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
  };

  server.maxConnections = limits.max;
  server.on('drop', () => {
    counts.overMax += 1;
    sweepAtHighWater();
    reportNow();
  });
  // Before node's HTTP handler, which then finds a connection over its address's limit destroyed.
  server.prependListener('connection', (socket: Socket) => {
    const subjects = behindProxy ? [] : subjectsOf(socket);
    if (subjects.some(({ key, limit }) => (perSubject.get(key) ?? 0) >= limit)) {
      counts.overAddressLimit += 1;
      socket.destroy();
      reportNow();
      return;
    }
    sweepAtHighWater();
    sockets.add(socket);
    for (const { key } of subjects) perSubject.set(key, (perSubject.get(key) ?? 0) + 1);
    socket.once('close', () => {
      sockets.delete(socket);
      for (const { key } of subjects) {
        const left = (perSubject.get(key) ?? 1) - 1;
        if (left > 0) perSubject.set(key, left);
        else perSubject.delete(key);
      }
    });
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
