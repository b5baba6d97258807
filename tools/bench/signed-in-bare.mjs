// The reference for signed-in reads: a bare node:http + pg server doing what the API does for
// GET /api/orders/:id: the same token check (HS256 signature, expiry, the session read with the same
// statement, kept for SESSION_CACHE_MS as the API keeps it) and the same order statement (named, as the
// API prepares it on PostgreSQL), then JSON.
// Argument: a JSON file {databaseUrl, jwtSecret, sessionCacheMs, distRoot}.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const { databaseUrl, jwtSecret, sessionCacheMs, distRoot } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const jwt = require('jsonwebtoken');
const { Pool } = require('pg');
const { ORDER_READ_SQL } = require(join(distRoot, 'api/api/src/orders/order-read.js'));
const { SESSION_READ_SQL } = require(join(distRoot, 'api/api/src/users/session-read.js'));

const pool = new Pool({ connectionString: databaseUrl, max: 20 });
const sessions = new Map();

async function session(userId, token) {
  const hash = createHash('sha256').update(token).digest('hex');
  const key = `${userId}:${hash}`;
  const cached = sessions.get(key);
  if (cached && cached.until > performance.now()) return cached.value;
  const { rows } = await pool.query(SESSION_READ_SQL, [userId, hash]);
  if (rows[0]) sessions.set(key, { value: rows[0], until: performance.now() + sessionCacheMs });
  return rows[0] ?? null;
}

function answer(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

const server = createServer(async (request, response) => {
  try {
    const id = /^\/api\/orders\/([0-9a-f-]{36})$/.exec(request.url ?? '')?.[1];
    if (!id) return answer(response, 404, { message: 'Not found' });
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    let payload;
    try {
      payload = jwt.verify(token, jwtSecret, { algorithms: ['HS256'] });
    } catch {
      return answer(response, 401, { message: 'Please sign in to continue' });
    }
    const user = await session(payload.sub, token);
    if (!user || user.revoked || (payload.sv ?? 0) !== user.sessionVersion) return answer(response, 401, { message: 'Please sign in again' });
    const { rows } = await pool.query({ name: 'read-order', text: ORDER_READ_SQL, values: [id] });
    if (!rows[0] || rows[0].userId !== user.id) return answer(response, 404, { message: 'Order not found' });
    answer(response, 200, rows[0]);
  } catch (error) {
    answer(response, 500, { message: String(error) });
  }
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))).closeAllConnections());
