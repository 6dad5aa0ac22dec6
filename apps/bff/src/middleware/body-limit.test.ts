import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../context';
import { rawRequest, serveApp, type ServedApp } from '../../test/node-server';
import { apiBodyLimit } from './body-limit';

/**
 * Through a real Node server, as the BFF runs: a declared length is judged by its header, a
 * chunked body by its bytes as they come; the route reads the same bytes either way.
 */
let served: ServedApp;

beforeAll(async () => {
  const app = new Hono<AppEnv>();
  app.use('*', apiBodyLimit(1024, { '/api/large': 4096 }));
  const echo = async (c: { req: { arrayBuffer(): Promise<ArrayBuffer> } }) =>
    Buffer.from(await c.req.arrayBuffer()).toString('utf8');
  app.post('/api/small', async (c) => c.text(await echo(c)));
  app.post('/api/large', async (c) => c.text(await echo(c)));
  app.get('/api/small', (c) => c.text('read'));
  served = await serveApp(app);
});
afterAll(() => served.close());

/** One request; `chunked` sends the body in pieces without a Content-Length. */
function send(path: string, body: string, chunked: boolean) {
  const bytes = Buffer.from(body, 'utf8');
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 300) parts.push(bytes.subarray(at, at + 300));
  return rawRequest(served.port, {
    path,
    method: 'POST',
    headers: chunked
      ? { 'transfer-encoding': 'chunked', 'content-type': 'text/plain' }
      : { 'content-length': bytes.length, 'content-type': 'text/plain' },
    parts: chunked ? parts : [bytes],
  });
}

const body = (bytes: number) => 'é'.repeat(Math.floor(bytes / 2)) + 'x'.repeat(bytes % 2);

describe.each([
  ['a declared length', false],
  ['a chunked body', true],
])('the body limit, %s', (_name, chunked) => {
  it.each([0, 1, 1023, 1024])('passes %i bytes, read whole by the route', async (bytes) => {
    const res = await send('/api/small', body(bytes), chunked);
    expect(res.status).toBe(200);
    expect(res.text).toBe(body(bytes));
  });

  it.each([1025, 5000])('refuses %i bytes with a 413 problem', async (bytes) => {
    const res = await send('/api/small', body(bytes), chunked);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'payload-too-large', status: 413 });
  });

  it("takes a path's own limit", async () => {
    expect((await send('/api/large', body(4096), chunked)).text).toBe(body(4096));
    expect((await send('/api/large', body(4097), chunked)).status).toBe(413);
  });
});

it('passes a GET by', async () => {
  const res = await fetch(`http://127.0.0.1:${served.port}/api/small`);
  expect(await res.text()).toBe('read');
});
