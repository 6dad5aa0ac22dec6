import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context';

/**
 * The address of the client, for the sign-in lock and the security events. With `trustProxy`
 * the last `X-Forwarded-For` entry is used: the one the proxy in front of the BFF appended, the
 * only one it vouches for (earlier entries are whatever the client sent). Without it the header
 * is ignored, since anyone could send it to dodge the per-address lock.
 */
export function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').pop()?.trim();
    if (last) return last.slice(0, 100);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket (tests calling app.request()).
    return 'unknown';
  }
}
