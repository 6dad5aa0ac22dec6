import {
  WRITE_OPERATION_IDS,
  apiContract,
  findApiRoute,
  matchesPath,
  type ApiRoute,
} from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../app-routes';
import { createOidcClient } from '../oidc/oidc-client';
import { echoSuccess, scriptedClient, testApp } from '../../test/harness';
import type { RouteDef } from './route-table';

/*
 * The route table is the whole surface of the BFF (route-table.ts); the browser's contract
 * describes it route by route (@console/schemas api-contract.ts). The two are held together
 * here, both ways. That every answer holds to its entry is checked in every route test
 * (test/contract-check.ts).
 */
describe('the route table and the browser contract', () => {
  let api: RouteDef[];
  beforeAll(async () => {
    const h = await testApp({ client: scriptedClient(echoSuccess).client });
    // Every route there may be: the metrics and single sign-on ones are mounted when configured
    // (the provider is asked for nothing until a sign-in begins).
    const sso = createOidcClient(
      {
        issuer: 'https://idp.example',
        clientId: 'console',
        clientAuth: { kind: 'client-secret', secret: 'not-used' },
        roleClaim: 'groups',
        roleMap: [],
        providerName: 'Example',
        scopes: 'openid',
        insecureLoopback: false,
      },
      {
        redirectUri: () => 'https://console.example/api/session/oidc/callback',
        postLogoutRedirectUri: () => 'https://console.example/sign-in',
      },
    );
    const metrics = {
      token: 'metrics-token',
      render: async () => ({ contentType: 'text/plain', text: '' }),
    };
    api = routeTable({ ...h.deps, sso, metrics }).filter((r) => r.path.startsWith('/api/'));
  });

  it('has an entry for every route under /api', () => {
    const without = api
      .filter((r) => !findApiRoute(r.method, r.path))
      .map((r) => `${r.method} ${r.path}`);
    expect(without).toEqual([]);
  });

  it('has a route for every entry', () => {
    const entries = Object.entries(apiContract) as [string, ApiRoute][];
    const unrouted = entries
      .filter(([, e]) => !api.some((r) => r.method === e.method && matchesPath(e.path, r.path)))
      .map(([name, e]) => `${name}: ${e.method} ${e.path}`);
    expect(unrouted).toEqual([]);
  });

  it('sends every write of the registry through the one send entry', () => {
    const sends = api.filter((r) => findApiRoute(r.method, r.path)?.name === 'sendOperation');
    expect(sends.map((r) => r.path.split('/').pop())).toEqual([...WRITE_OPERATION_IDS]);
  });

  it('names path parameters as the route table does', () => {
    for (const r of api) {
      const entry = findApiRoute(r.method, r.path)?.route;
      const params = (path: string) => path.split('/').filter((s) => s.startsWith(':'));
      if (entry && params(r.path).length > 0) {
        expect(params(entry.path), r.path).toEqual(params(r.path));
      }
    }
  });
});
