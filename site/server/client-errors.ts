/**
 * A client that sends half a request and goes away, or a malformed one (issue 52 item 2): node emits
 * 'clientError' on the server. Each leaves one line in the log at the configured level, never a stack,
 * and its connection is answered as node would (408 for a request too slow, 431 for headers too
 * large, 400 otherwise; nothing to a client already gone) and closed.
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from '@npo/api';

const STATUS_LINES: Record<string, string> = {
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
};
/** The client is gone: there is nobody to answer. */
const GONE = new Set(['ECONNRESET', 'EPIPE']);

export function answerClientErrors(server: Server, logger: Logger): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const code = error.code ?? 'unknown';
    const ip = (socket as Duplex & { remoteAddress?: string }).remoteAddress;
    logger.info({ code, ip }, 'a client sent an incomplete or malformed request; its connection was closed');
    const answering = (socket as Duplex & { _httpMessage?: { headersSent: boolean } })._httpMessage;
    if (!GONE.has(code) && socket.writable && !answering?.headersSent) {
      const status = STATUS_LINES[code] ?? '400 Bad Request';
      socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    }
    // As node's own handler: the answer is written at once (a few bytes), then the connection goes.
    socket.destroy();
  });
}
