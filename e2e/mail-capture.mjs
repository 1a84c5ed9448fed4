// A real SMTP server for the browser tests, with the received mails readable over HTTP:
// GET /mails answers [{ to, subject, text, html }], newest last; DELETE /mails empties the box.
import http from 'node:http';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
const httpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3212);
let mails = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', async () => {
      try {
        const email = await PostalMime.parse(Buffer.concat(chunks));
        mails.push({
          to: (email.to ?? []).map((address) => address.address),
          subject: email.subject ?? '',
          text: email.text ?? '',
          html: email.html ?? '',
        });
        callback();
      } catch (error) {
        callback(error);
      }
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((request, response) => {
    if (request.method === 'DELETE') mails = [];
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(mails));
  })
  .listen(httpPort, '127.0.0.1');
