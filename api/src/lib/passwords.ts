import { randomBytes } from 'node:crypto';
import { tooManyRequests } from '../errors.js';
import {
  createPasswordPool,
  defaultPoolOptions,
  PoolBusyError,
  type PasswordPool,
  type PasswordPoolOptions,
} from './password-pool.js';

const COST = 12;
/** A client refused because the pool is full may try again this soon: the queue empties in about two seconds. */
const BUSY_RETRY_AFTER_S = 5;
export const SERVER_BUSY_MESSAGE = 'The server is busy with other sign-ins. Please try again in a few seconds.';

/**
 * A cost-12 hash of 32 random bytes that were thrown away: comparing against it costs as much as a
 * real account's compare and can never match. Written out, not computed, so start-up does not pay
 * for a hash.
 */
const DUMMY_HASH = '$2b$12$Aou9TsxZzOXYOGuqsh1XC.HxSijIzJpja8qtQHUfgeBDEJ.fqIsdC';

/*
 * One pool per process, not per runtime: its size follows the machine's cores, and the CLI, start-up
 * and tests hash through the same functions as the API. Workers start on first use and end when idle.
 */
let options: PasswordPoolOptions = defaultPoolOptions();
let pool: PasswordPool | undefined;

/** Sizes for the pool's next workers (tests make it small to reach saturation). */
export async function configurePasswordPool(next: Partial<PasswordPoolOptions>): Promise<void> {
  await closePasswordPool();
  options = { ...defaultPoolOptions(), ...next };
}

/** Ends the workers (a runtime's close); hashing again later starts new ones. */
export async function closePasswordPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.close();
}

async function onPool<T>(work: (pool: PasswordPool) => Promise<T>): Promise<T> {
  pool ??= createPasswordPool(options);
  try {
    return await work(pool);
  } catch (error) {
    if (error instanceof PoolBusyError) throw tooManyRequests(SERVER_BUSY_MESSAGE, BUSY_RETRY_AFTER_S);
    throw error;
  }
}

/** Whether password workers are running: started by a hash or compare, ended after an idle period. */
export function passwordWorkersStarted(): boolean {
  return (pool?.workerCount() ?? 0) > 0;
}

/** Ends the idle workers now: for a process that hashed once and has no more password work in view. */
export function retireIdlePasswordWorkers(): void {
  pool?.retireIdle();
}

/** Refuses before any other work of a request that would end up refused by the full pool (floods). */
export function assertPasswordCapacity(): void {
  if (pool?.isFull()) throw tooManyRequests(SERVER_BUSY_MESSAGE, BUSY_RETRY_AFTER_S);
}

/**
 * `priority`: an operator's hash (start-up's super admin, the admin CLI), not a visitor's. It runs on
 * the worker at normal priority: at the lowest, a machine whose cores are busy starved a fresh
 * install's start-up for minutes (issue 19).
 */
export function hashPassword(password: string, priority = false): Promise<string> {
  return onPool((pool) => pool.hash(password, COST, priority));
}

/** `priority`: a sign-in from a known device, which the pool serves first and never refuses for others. */
export function verifyPassword(password: string, hash: string | null, priority = false): Promise<boolean> {
  // Compare against a real hash even when there is none, so timing does not tell accounts apart.
  return onPool((pool) => pool.compare(password, hash ?? DUMMY_HASH, priority));
}

/** A password for a person to read once and change: 18 URL-safe characters. */
export function generatePassword(): string {
  return randomBytes(14).toString('base64url').slice(0, 18);
}
