import { operations } from './registry';

/** Each path template of the registry as a pattern matching its paths, in the registry's order. */
const TEMPLATES = Object.values(operations).map((op) => ({
  path: op.path,
  pattern: new RegExp(
    `^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+')}$`,
  ),
}));

/**
 * The endpoint a request to the service counts against: the registry's path template its path
 * matches, whatever the method, the parameters or the query (the service limits its rate per
 * endpoint, so `/v2/profiles/p-1/orders` and `/v2/profiles/p-2/orders` share one allowance); a
 * path no template matches (the token endpoint's) is its own endpoint.
 *
 * @example
 * endpointOf('/v2/profiles/p-1/orders/o-9?x=1'); // '/v2/profiles/{profile_id}/orders/{id}'
 * endpointOf('/oauth2/token'); // '/oauth2/token'
 */
export function endpointOf(pathWithQuery: string): string {
  const at = pathWithQuery.indexOf('?');
  const path = at < 0 ? pathWithQuery : pathWithQuery.slice(0, at);
  return TEMPLATES.find((t) => t.pattern.test(path))?.path ?? path;
}
