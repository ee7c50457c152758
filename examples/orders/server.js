// The example service that perfgate's demo load-tests: an order API in the spirit of the
// Scenius APM blog's endpoint (a slowish aggregate, a configurable service time and a
// concurrency latch that can be switched on). Plain Node, no dependencies:
//
//   node examples/orders/server.js
//
// Environment:
//   PORT             port to listen on (default 8080; 0 picks a free one)
//   HOST             address to bind (default 127.0.0.1)
//   SERVICE_TIME_MS  time each data request waits, like a database or partner call (default 5)
//   LATCH            how many requests may hold that service time at once (default 0 = no limit);
//                    LATCH=1 serializes them, so latency grows with concurrency
//   EXTRA_DELAY_MS   added to the service time, to stage a regression (default 0)
//
// Endpoints:
//   GET  /health       200 {"status":"ok"}
//   GET  /orders       an aggregate over every order line (some real CPU work)
//   GET  /orders/:id   one order, 404 when unknown; an order made by POST /orders needs the token
//   POST /query        {"q":"..."} → the orders whose customer or product matches
//   POST /login        {"user":"..."} → {"token":"..."} (a flow's setup step, docs/config/flows.md)
//   POST /orders       {"sku":"..."} with `authorization: Bearer <token>` → 201 {"id":...}
import http from 'node:http';

function readNonNegativeInt(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name}="${raw}" is not a whole number ≥ 0; use e.g. ${name}=${fallback}`);
    process.exit(2);
  }
  return value;
}

const port = readNonNegativeInt('PORT', 8080);
const host = process.env.HOST || '127.0.0.1';
const serviceTimeMs = readNonNegativeInt('SERVICE_TIME_MS', 5);
const latchPermits = readNonNegativeInt('LATCH', 0);
const extraDelayMs = readNonNegativeInt('EXTRA_DELAY_MS', 0);
const ORDER_COUNT = 5000;
const QUERY_LIMIT = 20;
const MAX_BODY_BYTES = 64 * 1024;

// ---------------------------------------------------------------- data

// A seeded generator: every start serves the same orders, so runs stay comparable.
function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PRODUCTS = [
  { name: 'Pen', widthCentimeters: 1 },
  { name: 'Mug', widthCentimeters: 9 },
  { name: 'Notebook', widthCentimeters: 15 },
  { name: 'Desk lamp', widthCentimeters: 20 },
  { name: 'Monitor', widthCentimeters: 61 },
  { name: 'Keyboard', widthCentimeters: 44 },
  { name: 'Chair', widthCentimeters: 65 },
  { name: 'Cable', widthCentimeters: 2 },
  { name: 'Headphones', widthCentimeters: 18 },
  { name: 'Webcam', widthCentimeters: 9 },
  { name: 'Standing desk', widthCentimeters: 140 },
  { name: 'Whiteboard', widthCentimeters: 120 },
];
const CUSTOMERS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka', 'Tyrell', 'Cyberdyne'];
const STATUSES = ['new', 'paid', 'shipped', 'delivered', 'returned'];

function createOrders(count) {
  const random = createRandom(42);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const start = Date.UTC(2024, 0, 1);
  const orders = [];
  for (let id = 1; id <= count; id += 1) {
    const lineCount = 1 + Math.floor(random() * 5);
    const lines = [];
    for (let n = 0; n < lineCount; n += 1) {
      const product = pick(PRODUCTS);
      lines.push({
        product: product.name,
        widthCentimeters: product.widthCentimeters,
        quantity: 1 + Math.floor(random() * 9),
        unitPriceCents: 199 + Math.floor(random() * 20_000),
      });
    }
    orders.push({
      id,
      customer: pick(CUSTOMERS),
      status: pick(STATUSES),
      createdAt: new Date(start + Math.floor(random() * 365 * 24 * 3600 * 1000)).toISOString(),
      lines,
    });
  }
  return orders;
}

const orders = createOrders(ORDER_COUNT);

// The blog's "slow query": an average over every order line with a filter, done for real.
function aggregateOrders() {
  let volumeSum = 0;
  let volumeCount = 0;
  let revenueCents = 0;
  const byStatus = {};
  for (const order of orders) {
    byStatus[order.status] = (byStatus[order.status] ?? 0) + 1;
    for (const line of order.lines) {
      revenueCents += line.quantity * line.unitPriceCents;
      if (line.product.length > 3) {
        volumeSum += line.quantity * line.widthCentimeters;
        volumeCount += 1;
      }
    }
  }
  return { orders: orders.length, averageVolume: volumeCount ? volumeSum / volumeCount : 0, revenueCents, byStatus };
}

function queryOrders(q) {
  const needle = q.toLowerCase();
  const matches = orders.filter(
    (order) =>
      order.customer.toLowerCase().includes(needle) ||
      order.lines.some((line) => line.product.toLowerCase().includes(needle)),
  );
  return { q, total: matches.length, orders: matches.slice(0, QUERY_LIMIT) };
}

// ---------------------------------------------------------------- service time and latch

const waiters = [];
let holders = 0;

async function acquireLatch() {
  if (latchPermits === 0) return;
  if (holders < latchPermits) {
    holders += 1;
    return;
  }
  await new Promise((resolve) => waiters.push(resolve));
}

function releaseLatch() {
  if (latchPermits === 0) return;
  const next = waiters.shift();
  // The permit passes straight to the next waiter, so nobody can overtake the queue.
  if (next) next();
  else holders -= 1;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// The blog's slow integration partner, behind its concurrency latch.
async function spendServiceTime() {
  const delayMs = serviceTimeMs + extraDelayMs;
  await acquireLatch();
  try {
    if (delayMs > 0) await sleep(delayMs);
  } finally {
    releaseLatch();
  }
}

// ---------------------------------------------------------------- HTTP

function send(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(Object.assign(new Error('body too large'), { status: 413 }));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

// Tokens handed out by POST /login, and the orders made with them (ids after the generated ones).
const tokens = new Set();
const created = new Map();

function bearer(request) {
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  return match && tokens.has(match[1]) ? match[1] : undefined;
}

async function readJson(request, response) {
  try {
    return JSON.parse(await readBody(request));
  } catch (error) {
    send(response, error.status ?? 400, { error: error.status ? error.message : 'the body is not JSON' });
    return undefined;
  }
}

async function handle(request, response) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const route = url.pathname;

  if (route === '/login') {
    if (request.method !== 'POST') return send(response, 405, { error: 'use POST' });
    const body = await readJson(request, response);
    if (body === undefined) return;
    if (typeof body?.user !== 'string' || body.user === '')
      return send(response, 400, { error: 'send {"user":"<name>"}' });
    const token = `${body.user}-${tokens.size + 1}-${Math.random().toString(36).slice(2, 10)}`;
    tokens.add(token);
    return send(response, 200, { token });
  }

  if (route === '/orders' && request.method === 'POST') {
    const token = bearer(request);
    if (!token) return send(response, 401, { error: 'log in first: POST /login, then authorization: Bearer <token>' });
    const body = await readJson(request, response);
    if (body === undefined) return;
    if (typeof body?.sku !== 'string' || body.sku === '') return send(response, 400, { error: 'send {"sku":"<sku>"}' });
    await spendServiceTime();
    const id = orders.length + created.size + 1;
    created.set(id, { id, sku: body.sku, owner: token });
    return send(response, 201, { id });
  }

  if (route === '/health') {
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, { error: 'use GET' });
    return send(response, 200, { status: 'ok' });
  }

  if (route === '/orders') {
    if (request.method !== 'GET') return send(response, 405, { error: 'use GET' });
    const aggregate = aggregateOrders();
    await spendServiceTime();
    return send(response, 200, aggregate);
  }

  const byId = /^\/orders\/([^/]+)$/.exec(route);
  if (byId) {
    if (request.method !== 'GET') return send(response, 405, { error: 'use GET' });
    const id = Number(byId[1]);
    const made = created.get(id);
    if (made && made.owner !== bearer(request))
      return send(response, 401, { error: `order ${id} needs its owner's token` });
    const order = made ?? (Number.isInteger(id) ? orders[id - 1] : undefined);
    await spendServiceTime();
    if (!order) return send(response, 404, { error: `order ${byId[1]} not found` });
    return send(response, 200, order);
  }

  if (route === '/query') {
    if (request.method !== 'POST') return send(response, 405, { error: 'use POST' });
    let body;
    try {
      body = JSON.parse(await readBody(request));
    } catch (error) {
      return send(response, error.status ?? 400, {
        error: error.status ? error.message : 'the body is not JSON; send {"q":"..."}',
      });
    }
    if (typeof body?.q !== 'string' || body.q === '')
      return send(response, 400, { error: 'send {"q":"<text>"} with a non-empty q' });
    const result = queryOrders(body.q);
    await spendServiceTime();
    return send(response, 200, result);
  }

  return send(response, 404, { error: `no route ${request.method} ${route}` });
}

const server = http.createServer((request, response) => {
  handle(request, response).catch((error) => {
    console.error(error);
    if (!response.headersSent) send(response, 500, { error: 'internal error' });
    else response.destroy();
  });
});
server.keepAliveTimeout = 30_000;

server.listen(port, host, () => {
  const address = server.address();
  console.log(`listening on ${typeof address === 'object' && address ? address.port : port}`);
  console.log(
    `service time ${serviceTimeMs} ms, extra delay ${extraDelayMs} ms, latch ${latchPermits || 'off'}, ${orders.length} orders`,
  );
});

// Finish the requests in flight, then let the event loop empty so the process exits by itself.
function shutDown(signal) {
  console.log(`${signal}: shutting down`);
  server.close(() => console.log('closed'));
  server.closeIdleConnections();
  // Keep-alive clients that never go idle must not hold the exit hostage.
  setTimeout(() => server.closeAllConnections(), 2000).unref();
}
process.once('SIGTERM', () => shutDown('SIGTERM'));
process.once('SIGINT', () => shutDown('SIGINT'));
