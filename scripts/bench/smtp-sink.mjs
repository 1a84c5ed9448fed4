// A loopback SMTP sink that accepts every mail at once (smtp-server in a child process of its own, so
// its work delays neither the server nor the GET / timings), counting what it received.
import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The sink in a child process; `report()` asks it for { received, firstAt, lastAt } (ms, its clock). */
export async function startSink() {
  const child = fork(fileURLToPath(import.meta.url), ['--sink'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.port));
    child.once('exit', (code) => reject(new Error(`SMTP sink exited ${code}`)));
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    report: () =>
      new Promise((resolve) => {
        child.once('message', resolve);
        child.send('report');
      }),
    stop: () => child.kill(),
  };
}

async function runSink() {
  const { SMTPServer } = await import('smtp-server');
  let received = 0;
  let firstAt = 0;
  let lastAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        const now = performance.timeOrigin + performance.now();
        received += 1;
        if (received === 1) firstAt = now;
        lastAt = now;
        callback();
      });
    },
  });
  server.on('error', () => {});
  server.listen(0, '127.0.0.1', () => process.send({ port: server.server.address().port }));
  process.on('message', () => process.send({ received, firstAt, lastAt }));
}

if (import.meta.url === pathToFileURL(process.argv[1]).href && process.argv[2] === '--sink') await runSink();
