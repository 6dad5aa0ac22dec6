import { createHash, timingSafeEqual } from 'node:crypto';
import { problemResponse } from '../errors';
import type { RouteDef } from './route-table';

/** What the metrics route serves: the text and its content type. */
export interface MetricsSource {
  /** The bearer token a scraper must send (`METRICS_TOKEN`). */
  token: string;
  render(): Promise<{ contentType: string; text: string }>;
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * `GET /api/metrics` for monitoring, in Prometheus text format, only with
 * `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time): closed to browsers, which
 * never send that header on their own. Without a token configured the route does not exist.
 */
export function metricsRoutes(source: MetricsSource | undefined): RouteDef[] {
  if (!source) return [];
  const expected = digest(`Bearer ${source.token}`);
  return [
    {
      method: 'GET',
      path: '/api/metrics',
      permission: { kind: 'public' },
      handler: async (c) => {
        const given = digest(c.req.header('authorization') ?? '');
        if (!timingSafeEqual(given, expected)) {
          return problemResponse(c, {
            status: 401,
            code: 'unauthenticated',
            detail: 'The metrics need the bearer token of METRICS_TOKEN.',
            headers: { 'WWW-Authenticate': 'Bearer' },
          });
        }
        try {
          const { contentType, text } = await source.render();
          return c.body(text, 200, { 'Content-Type': contentType });
        } catch {
          // A worker that did not answer in time (cluster): the next scrape asks again.
          return problemResponse(c, {
            status: 503,
            code: 'unavailable',
            detail: 'The metrics could not be collected this time; the next scrape asks again.',
            headers: { 'Retry-After': '1' },
          });
        }
      },
    },
  ];
}
