/**
 * Where the console is: its address when `PUBLIC_URL` is not set, and the SPA's built files the
 * BFF serves.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `apps/web/dist`, from `apps/bff/src/bootstrap` (sources) or `apps/bff/dist` (bundle). */
export function defaultWebDist(): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  return here.includes(`${'/src/'}`)
    ? join(here, '../../../web/dist')
    : join(here, '../../web/dist');
}

/**
 * The address of a console without `PUBLIC_URL`: `http://HOST:PORT`, with a wildcard host named
 * as the loopback address a browser on this machine opens.
 */
export function localOrigin(listen: { host: string; port: number }): string {
  const host = /^(0\.0\.0\.0|::)$/.test(listen.host)
    ? '127.0.0.1'
    : listen.host.includes(':')
      ? `[${listen.host}]`
      : listen.host;
  return `http://${host}:${listen.port}`;
}
