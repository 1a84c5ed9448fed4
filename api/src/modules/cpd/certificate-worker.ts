/**
 * The thread that draws CPD certificates (certificate-thread.ts starts it from the build output,
 * dist/modules/cpd/certificate-worker.js). A certificate costs about 10 ms of CPU in one piece
 * (fontkit's subsetting and pako's deflate, both synchronous): a hundred downloads at once, drawn on
 * the event loop, held visitors' pages behind them. It lowers its own priority (on Linux a nice
 * value is per thread), as the password workers do: serving pages comes first when cores are scarce.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { certificatePdf, type CertificateContent } from './certificate-pdf.js';

export interface CertificateTask {
  id: number;
  content: CertificateContent;
}

export type CertificateAnswer = { id: number; pdf: Uint8Array; error?: undefined } | { id: number; error: string };

async function answer({ id, content }: CertificateTask): Promise<CertificateAnswer> {
  try {
    return { id, pdf: await certificatePdf(content) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

if (parentPort) {
  const port = parentPort;
  try {
    setPriority(19);
  } catch {
    // Not allowed here: the thread keeps the normal priority.
  }
  // One at a time, in the order asked: the answers come back as the tasks were sent.
  let drawn = Promise.resolve();
  port.on('message', (task: CertificateTask) => {
    drawn = drawn
      .then(() => answer(task))
      .then((reply) => port.postMessage(reply, reply.error === undefined ? [reply.pdf.buffer as ArrayBuffer] : []));
  });
}
