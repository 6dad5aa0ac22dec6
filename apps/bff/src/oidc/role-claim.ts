import type { Role } from '@console/schemas';
import type { RoleMapEntry } from './oidc-settings';

/**
 * The values of the role claim: `groups` or a dotted path (`realm_access.roles`), holding a
 * string, a space-separated string or an array of strings. Anything else holds no value.
 */
export function claimValues(claims: Record<string, unknown>, path: string): string[] | undefined {
  let at: unknown = claims;
  // A claim whose own name holds dots (`https://example.com/groups`) is found whole first.
  if (path in claims) at = claims[path];
  else {
    for (const part of path.split('.')) {
      if (typeof at !== 'object' || at === null || Array.isArray(at)) return undefined;
      at = (at as Record<string, unknown>)[part];
    }
  }
  if (typeof at === 'string') return at.split(/\s+/).filter(Boolean);
  if (Array.isArray(at)) return at.filter((v): v is string => typeof v === 'string');
  return undefined;
}

/**
 * The console role of a person: the first entry of the map (in `OIDC_ROLE_MAP`'s order) whose
 * group they hold; undefined when none is theirs.
 *
 * @example
 * roleFor(['staff', 'console-support'], [{ group: 'console-support', role: 'support' }]); // 'support'
 */
export function roleFor(groups: readonly string[], map: readonly RoleMapEntry[]): Role | undefined {
  return map.find((entry) => groups.includes(entry.group))?.role;
}
