// Test mail server for the end-to-end suite: real SMTP in (smtp-server), and the received
// messages as JSON over HTTP so Playwright workers (other processes) can read codes and links.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

const smtpPort = Number(process.env.TEST_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.TEST_MAIL_HTTP_PORT ?? 2526);
const messages = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      messages.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, receivedAt: new Date().toISOString() });
      callback();
    });
  },
});
smtp.listen(smtpPort, '127.0.0.1');

createServer((request, response) => {
  const url = new URL(request.url, 'http://localhost');
  if (url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(to ? messages.filter((m) => m.to.includes(to)) : messages));
    return;
  }
  response.statusCode = url.pathname === '/health' ? 200 : 404;
  response.end(url.pathname === '/health' ? 'ok' : 'not found');
}).listen(httpPort, '127.0.0.1', () => console.log(`test mail server: smtp ${smtpPort}, http ${httpPort}`));
