// The reference for HTTP reads: a bare node:http server answering every request with one
// precomputed response (status, headers, body bytes) captured from the API.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const saved = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const body = Buffer.from(saved.body, 'base64');
const headers = { ...saved.headers, 'content-length': String(body.length) };

const server = createServer((_request, response) => {
  response.writeHead(saved.statusCode, headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)).closeAllConnections());
