/**
 * The checkpoint after a large SQLite write (connection.ts, checkpointAfter; issue 51), in a thread of
 * its own on a connection of its own, started from the build output (dist/db/checkpoint-worker.js):
 * copying the write-ahead log into the database (about 160 MB after a 50,000-row import) and the sync
 * after it take most of a second, which the event loop would otherwise wait for. PASSIVE: readers and
 * the server's own connection go on while it runs (SQLite lets one checkpoint run beside the writer).
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

export interface CheckpointWorkerData {
  file: string;
}

/** What `pragma wal_checkpoint` answers: busy 1 when another checkpoint held it; frames in the log; frames copied. */
export interface CheckpointAnswer {
  busy: number;
  log: number;
  checkpointed: number;
}

const { file } = workerData as CheckpointWorkerData;
const db = new Database(file, { fileMustExist: true });
try {
  const [answer] = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointAnswer[];
  parentPort!.postMessage(answer);
} finally {
  db.close();
}
