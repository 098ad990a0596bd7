// Stand-in for the public CNPJ service (BrasilAPI's shape, `GET /api/cnpj/v1/{cnpj}`) for the
// end-to-end suite: the server under test is pointed at it (COMPANY_LOOKUP_URL), never the
// browser. It knows the fixture's company (200), drops the connection for the fixture's
// "unreachable" CNPJ (the service down: our server answers 503 and the form says so), and
// answers 404 for every other CNPJ, as BrasilAPI does.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const port = Number(process.env.TEST_COMPANY_LOOKUP_PORT ?? 2527);
const fixture = JSON.parse(readFileSync(new URL('../tests/e2e/fixtures/company-lookup.json', import.meta.url), 'utf8'));

createServer((request, response) => {
  const url = new URL(request.url, 'http://localhost');
  if (url.pathname === '/health') {
    response.end('ok');
    return;
  }
  const match = /^\/api\/cnpj\/v1\/(\d{14})$/.exec(url.pathname);
  if (match?.[1] === fixture.unreachable) {
    request.socket.destroy();
    return;
  }
  response.setHeader('content-type', 'application/json; charset=utf-8');
  if (match?.[1] === fixture.found.cnpj) {
    response.end(JSON.stringify(fixture.found));
    return;
  }
  response.statusCode = 404;
  response.end(JSON.stringify({ message: `CNPJ ${match?.[1] ?? ''} não encontrado.`, type: 'not_found', name: 'CnpjNotFound' }));
}).listen(port, '127.0.0.1');
