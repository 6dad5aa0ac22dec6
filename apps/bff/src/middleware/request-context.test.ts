import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../context';
import { ProblemError, problemResponse } from '../errors';
import { createLogger } from '../logger';
import { rawRequest, serveApp, type ServedApp } from '../../test/node-server';
import { requestContext } from './request-context';

/** Through a real Node server, as the BFF runs: what the answer carries on the wire. */
let served: ServedApp;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const logger = createLogger('info', { write: (line: string) => lines.push(JSON.parse(line)) });
  const app = new Hono<AppEnv>();
  app.use('*', requestContext(logger));
  app.get('/api/answer', (c) => c.json({ amount: '1.50' }));
  app.get('/api/refused', () => {
    throw new ProblemError({ status: 403, code: 'forbidden', detail: 'Not for this role.' });
  });
  app.get('/api/stream', () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('a,b\n'));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/csv' } });
  });
  app.onError((error, c) =>
    problemResponse(
      c,
      error instanceof ProblemError ? error.init : { status: 500, code: 'internal', detail: 'x' },
    ),
  );
  served = await serveApp(app);
});
afterAll(() => served.close());

const get = (path: string) => rawRequest(served.port, { path });

describe('the request context', () => {
  it.each([
    ['/api/answer', 200, '{"amount":"1.50"}'],
    ['/api/refused', 403, undefined],
    ['/api/stream', 200, 'a,b\n'],
  ])('gives %s its request id, the one of its log line', async (path, status, text) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    if (text !== undefined) expect(res.text).toBe(text);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.find((line) => line.request_id === id)).toMatchObject({
      msg: 'request',
      path,
      status,
    });
  });

  it.each(['/api/answer', '/api/refused'])('writes %s whole, with its length', async (path) => {
    const res = await get(path);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.text)));
    expect(res.headers['transfer-encoding']).toBeUndefined();
  });
});
