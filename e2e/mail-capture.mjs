// A real SMTP server for the browser tests, with the received mails readable over HTTP:
// GET /mails answers [{ to, subject, text, html }], newest last; DELETE /mails empties the box.
// PUT /refusals/<address> makes the server refuse mail to that address with a 550 (a permanent
// failure, for the mail screen's tests); DELETE /refusals/<address> accepts it again.
import http from 'node:http';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
const httpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3212);
let mails = [];
const refused = new Set();

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', async () => {
      if (session.envelope.rcptTo.some((recipient) => refused.has(recipient.address.toLowerCase()))) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
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
    response.setHeader('content-type', 'application/json');
    const refusal = /^\/refusals\/(.+)$/.exec(request.url ?? '');
    if (refusal) {
      const address = decodeURIComponent(refusal[1]).toLowerCase();
      if (request.method === 'PUT') refused.add(address);
      if (request.method === 'DELETE') refused.delete(address);
      response.end(JSON.stringify([...refused]));
      return;
    }
    if (request.method === 'DELETE') mails = [];
    response.end(JSON.stringify(mails));
  })
  .listen(httpPort, '127.0.0.1');
