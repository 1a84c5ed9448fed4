import { describe, expect, it } from 'vitest';
import { classifyDbFault } from './faults.js';

describe('classifyDbFault', () => {
  it.each([
    ['SQLITE_FULL', 'storage_full'],
    ['53100', 'storage_full'],
    ['SQLITE_READONLY', 'unavailable'],
    ['SQLITE_READONLY_DBMOVED', 'unavailable'],
    ['SQLITE_IOERR_WRITE', 'unavailable'],
    ['SQLITE_CANTOPEN', 'unavailable'],
    ['SQLITE_BUSY', 'unavailable'],
    ['SQLITE_LOCKED_SHAREDCACHE', 'unavailable'],
    ['08006', 'unavailable'],
    ['08001', 'unavailable'],
    ['53300', 'unavailable'],
    ['57P01', 'unavailable'],
    ['57P02', 'unavailable'],
    ['57P03', 'unavailable'],
    ['25006', 'unavailable'],
    ['ECONNREFUSED', 'unavailable'],
    ['57014', 'timed_out'],
  ])('%s is %s', (code, kind) => {
    expect(classifyDbFault(Object.assign(new Error('x'), { code }))).toEqual({ kind, dbCode: code });
  });

  it('a pool that gives up waiting for a connection is unavailable', () => {
    const error = Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' });
    expect(classifyDbFault(error)).toEqual({ kind: 'unavailable', dbCode: 'KnexTimeoutError' });
  });

  it.each(['Connection terminated unexpectedly', 'Client has encountered a connection error and is not queryable'])(
    'a PostgreSQL connection lost mid-query (%s) is unavailable',
    (reason) => {
      const error = new Error(`insert into "faqs" ("question") values ($1) - ${reason}`);
      expect(classifyDbFault(error)).toEqual({ kind: 'unavailable', dbCode: 'connection_lost' });
    },
  );

  it.each(['SQLITE_CONSTRAINT_UNIQUE', '23505', '42P01', 'SQLITE_ERROR', undefined])(
    '%s is a bug or a conflict, not a storage fault',
    (code) => {
      expect(classifyDbFault(Object.assign(new Error('x'), { code }))).toBeNull();
    },
  );
});
