import { describe, expect, it } from 'vitest';
import { sessionCookie } from '../sessions/session-cookie';
import { flowCookie, safeReturnTo } from './oidc-routes';

describe('single sign-on routes', () => {
  it.each([
    [undefined, '/'],
    ['/journal?state=SUCCEEDED', '/journal?state=SUCCEEDED'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['/api/session', '/'],
    ['/sign-in?next=/x', '/'],
    ['/a\nb', '/'],
    [`/${'a'.repeat(1000)}`, '/'],
  ])('lands %s on %s after sign-in', (next, expected) => {
    expect(safeReturnTo(next)).toBe(expected);
  });

  it('binds the flow with a short HttpOnly Lax cookie, __Host- and Secure over HTTPS', () => {
    expect(flowCookie(sessionCookie(false))).toEqual({
      name: 'console_sso',
      options: { httpOnly: true, sameSite: 'Lax', path: '/', secure: false, maxAge: 600 },
    });
    expect(flowCookie(sessionCookie(true))).toEqual({
      name: '__Host-console_sso',
      options: { httpOnly: true, sameSite: 'Lax', path: '/', secure: true, maxAge: 600 },
    });
  });
});
