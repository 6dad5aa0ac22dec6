import { describe, expect, it } from 'vitest';
import { claimValues, roleFor } from './role-claim';

describe('the role claim', () => {
  it.each([
    ['an array', { groups: ['a', 'b'] }, 'groups', ['a', 'b']],
    ['a space-separated string', { groups: 'a b' }, 'groups', ['a', 'b']],
    ['a dotted path', { realm_access: { roles: ['x'] } }, 'realm_access.roles', ['x']],
    [
      'a name that holds dots',
      { 'https://example.com/groups': ['y'] },
      'https://example.com/groups',
      ['y'],
    ],
    ['only its strings', { groups: ['a', 1, null] }, 'groups', ['a']],
    ['nothing when absent', { sub: 'x' }, 'groups', undefined],
    ['nothing when not a list', { groups: { a: 1 } }, 'groups', undefined],
    ['nothing through an array', { a: [{ b: 'x' }] }, 'a.b', undefined],
  ])('reads %s', (_, claims, path, values) => {
    expect(claimValues(claims, path)).toEqual(values);
  });

  it('gives the role of the first entry of the map the person holds', () => {
    const map = [
      { group: 'console-admin', role: 'admin' as const },
      { group: 'console-finance', role: 'finance' as const },
    ];
    expect(roleFor(['console-finance', 'console-admin'], map)).toBe('admin');
    expect(roleFor(['console-finance'], map)).toBe('finance');
    expect(roleFor(['Console-Admin', 'marketing'], map)).toBeUndefined();
    expect(roleFor([], map)).toBeUndefined();
  });
});
