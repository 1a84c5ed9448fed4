// Writes the OpenAPI document the built API serves at /api/openapi.json to the file given as the first
// argument (or prints it): a throwaway SQLite database in a temporary folder, no mail server, no
// network beyond one loopback request. `npm run lint:openapi` lints what this writes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger, loadConfig, startRuntime } from '../api/dist/index.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'npo-openapi-'));
try {
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  const runtime = await startRuntime(config, createLogger('error'));
  const server = createServer(runtime.api.app.callback());
  try {
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    const response = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
    if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
    const text = `${JSON.stringify(await response.json(), null, 2)}\n`;
    if (process.argv[2]) writeFileSync(process.argv[2], text);
    else process.stdout.write(text);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await runtime.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
