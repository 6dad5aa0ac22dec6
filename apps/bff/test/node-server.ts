/**
 * Test support (not shipped): a Hono app on a real Node server (`@hono/node-server`), as the BFF
 * runs, and plain HTTP requests to it that show what went over the wire.
 */
import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';

export interface ServedApp {
  port: number;
  close(): Promise<void>;
}

/** Serves `app` on a free loopback port. */
export async function serveApp<E extends object>(app: Hono<E>): Promise<ServedApp> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One request; the body's parts are written one by one, as a client streaming it would. */
export function rawRequest(
  port: number,
  options: { path: string; method?: string; headers?: OutgoingHttpHeaders; parts?: Buffer[] },
) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; text: string }>(
    (resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: options.path,
          method: options.method ?? 'GET',
          headers: options.headers,
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () =>
            resolve({
              status: res.statusCode!,
              headers: res.headers,
              text: Buffer.concat(parts).toString('utf8'),
            }),
          );
        },
      );
      req.on('error', reject);
      for (const part of options.parts ?? []) req.write(part);
      req.end();
    },
  );
}
