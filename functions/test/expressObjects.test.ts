// Requests and responses born Express's (http/fastPath.ts expressObjectsFromBirth, issue 42): the server hands the app
// objects whose prototypes are already the app's, and everything Express gives a route still works on them.
import { execFile } from 'node:child_process';
import { createServer, IncomingMessage, ServerResponse, type Server, type ServerOptions } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { expressObjectsFromBirth } from '../src/http/fastPath.js';

function testApp() {
  const app = express();
  app.set('query parser', 'simple');
  app.get('/echo', (req, res) => {
    res.status(200).json({ a: req.query.a, ip: req.ip, path: req.path, header: req.get('x-test') ?? null });
  });
  app.post('/body', express.json(), (req, res) => {
    res.status(201).json({ got: req.body as unknown });
  });
  app.get('/stream', (_req, res) => {
    res.type('text/plain');
    res.write('one,');
    res.end('two');
  });
  return app;
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** Serves `app` with `options`, recording for each request whether it arrived with the app's prototypes. */
async function serve(app: express.Express, options: ServerOptions) {
  const arrived: { request: boolean; response: boolean; nodeTypes: boolean }[] = [];
  server = createServer(options, (req, res) => {
    arrived.push({
      request: Object.getPrototypeOf(req) === app.request,
      response: Object.getPrototypeOf(res) === app.response,
      nodeTypes: req instanceof IncomingMessage && res instanceof ServerResponse,
    });
    app(req, res);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { base, arrived };
}

describe('requests and responses born Express objects', () => {
  it('arrive with the app’s prototypes (without the options they do not)', async () => {
    const app = testApp();
    const born = await serve(app, expressObjectsFromBirth(app));
    await fetch(`${born.base}/echo`);
    expect(born.arrived).toEqual([{ request: true, response: true, nodeTypes: true }]);
    await new Promise<void>((resolve) => server!.close(() => resolve()));

    const plain = await serve(app, {});
    await fetch(`${plain.base}/echo`);
    expect(plain.arrived).toEqual([{ request: false, response: false, nodeTypes: true }]);
  });

  it('answer as Express answers: query, ip, path, headers, JSON bodies, streams, its 404', async () => {
    const app = testApp();
    const { base } = await serve(app, expressObjectsFromBirth(app));

    const echo = await fetch(`${base}/echo?a=1`, { headers: { 'X-Test': 'yes' } });
    expect(echo.status).toBe(200);
    expect(echo.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await echo.json()).toEqual({ a: '1', ip: '127.0.0.1', path: '/echo', header: 'yes' });

    const body = await fetch(`${base}/body`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ orderItems: [{ qty: 2 }] }),
    });
    expect(body.status).toBe(201);
    expect(await body.json()).toEqual({ got: { orderItems: [{ qty: 2 }] } });

    const stream = await fetch(`${base}/stream`);
    expect(await stream.text()).toBe('one,two');

    const missing = await fetch(`${base}/nowhere`);
    expect(missing.status).toBe(404);
  });

  it('keep each app’s own objects apart (two apps, two servers)', async () => {
    const first = testApp();
    const second = testApp();
    const a = expressObjectsFromBirth(first);
    const b = expressObjectsFromBirth(second);
    expect(a.IncomingMessage).not.toBe(b.IncomingMessage);
    expect(Object.getPrototypeOf(new a.IncomingMessage!(undefined as never))).toBe(first.request);
    expect(Object.getPrototypeOf(new b.IncomingMessage!(undefined as never))).toBe(second.request);
  });

  // V8 only shows how it stores an object's fields to a process started with --allow-natives-syntax: the check runs
  // in one, on this source (through tsx), and reports %HasFastProperties for the objects both kinds of server make.
  it('keep the in-object field layout of Node’s own objects (a response is no dictionary of properties)', async () => {
    const script = `
      import { createServer } from 'node:http';
      import express from 'express';
      import { expressObjectsFromBirth } from ${JSON.stringify(fileURLToPath(new URL('../src/http/fastPath.ts', import.meta.url)))};
      const hasFastProperties = new Function('o', 'return %HasFastProperties(o)');
      const app = express();
      const layouts = {};
      for (const [name, options] of [['node', {}], ['born', expressObjectsFromBirth(app)]]) {
        const server = createServer(options, (req, res) => {
          layouts[name] = { request: hasFastProperties(req), response: hasFastProperties(res) };
          res.end();
        });
        await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
        // Several requests: V8 settles a constructor's object size over its first constructions.
        for (let i = 0; i < 12; i++) await fetch('http://127.0.0.1:' + server.address().port + '/').then((r) => r.text());
        await new Promise((resolve) => server.close(resolve));
      }
      console.log(JSON.stringify(layouts));`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: fileURLToPath(new URL('..', import.meta.url)) },
    );
    const layouts = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(layouts).toEqual({
      node: { request: true, response: true },
      born: { request: true, response: true },
    });
  }, 30_000);
});
