import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ROLES,
  exampleInput,
  fileNameOf,
  operations,
  requiredQuery,
  type Operation,
  type OperationId,
  type ReadOperationId,
  type Role,
  type WriteOperationId,
} from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER_HEADERS,
  echoSuccess,
  scriptedClient,
  testApp,
} from '../../../apps/bff/test/harness';
import { handlerOf } from '../../../apps/sandbox/src/handlers/handler-of';
import { DUTIES } from '../../../apps/web/src/app/nav';
import { PAGED_OPERATIONS } from '../../../apps/web/src/app/operation-pages';
import { ROOT } from './import-graph';

/*
 * Every operation of the registry, reachable end to end: a BFF route that sends it, a role
 * allowed to use it (and the others refused), a place in the navigation or a parent page, a page
 * in the SPA, a sandbox handler and an e2e spec. What is still missing is listed below, and the
 * test fails when the list is wrong either way: a new gap is an error, and so is a gap closed
 * without its line being removed, so the list only shrinks.
 */
type Part =
  'BFF route' | 'permission' | 'nav or parent' | 'SPA page' | 'sandbox handler' | 'e2e spec';

/**
 * The reads without a page of their own: a profile's orders, executions and balances are shown
 * on (or linked from) the profile's page and the Orders page; fills are on an order's page.
 */
const NO_PAGE: Part[] = ['SPA page', 'e2e spec'];
/** A read without its page yet: placed in the navigation (or under a parent) with nothing there. */
const APPENDIX_B_READ: Part[] = ['nav or parent', ...NO_PAGE];
const GAPS: Partial<Record<OperationId, Part[]>> = {
  listProfileOrders: NO_PAGE,
  listProfileExecutions: NO_PAGE,
  listProfileBalances: NO_PAGE,
  // Placed in the navigation (Trading › Fills) but without a page yet.
  listExecutions: ['nav or parent', ...NO_PAGE],
  // Its parent, a profile's balances, has no page of its own either.
  getProfileBalance: ['nav or parent', ...NO_PAGE],
  // Appendix B (issue 34).
  // Read where they are used, with no page of their own: limits beside an amount, markets and
  // prices on the order form and the prices strip; events are not shown yet.
  listTransferLimits: APPENDIX_B_READ,
  listEvents: APPENDIX_B_READ,
  getEvent: APPENDIX_B_READ,
  listMarkets: APPENDIX_B_READ,
  listPrices: APPENDIX_B_READ,
  getTicker: APPENDIX_B_READ,
};

const SAMPLE: Record<string, string> = {
  profile_id: '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e01',
  id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c01',
  asset: 'BTC',
  market: 'BTCUSD',
};
const SPECS = join(ROOT, 'e2e/specs');
const FEATURES = join(ROOT, 'apps/web/src/features');
/** The page files of the SPA's features, by name: a read's page is found by its file name. */
const pageFiles = new Set(
  readdirSync(FEATURES).flatMap((feature) =>
    readdirSync(join(FEATURES, feature)).filter((file) => file.endsWith('-page.tsx')),
  ),
);
const specTexts = readdirSync(SPECS).map((file) => readFileSync(join(SPECS, file), 'utf8'));

type Harness = Awaited<ReturnType<typeof testApp>>;
let h: Harness;
let sent: ReturnType<typeof scriptedClient>['requests'];
const cookies = {} as Record<Role, string>;
beforeAll(async () => {
  const scripted = scriptedClient(echoSuccess);
  sent = scripted.requests;
  h = await testApp({ client: scripted.client });
  for (const role of ROLES) cookies[role] = await h.signIn(role);
}, 120_000);

/** Uses the operation through the BFF as `role`: the status, and whether it reached the service. */
async function use(id: OperationId, role: Role): Promise<{ status: number; reached: boolean }> {
  const op: Operation = operations[id];
  const before = sent.length;
  const res =
    op.kind === 'write'
      ? await h.post(`/api/operations/${id}`, cookies[role], exampleInput(id as WriteOperationId))
      : await h.app.request(`/api/svc${op.toPath(SAMPLE, requiredQuery(id as ReadOperationId))}`, {
          headers: { ...BROWSER_HEADERS, Cookie: cookies[role] },
        });
  const reached = sent.slice(before).some((r) => r.method === op.method && r.scope === op.scope);
  return { status: res.status, reached };
}

async function missingParts(id: OperationId): Promise<Part[]> {
  const op = operations[id];
  const missing: Part[] = [];
  const allowed = op.roles[0]!;
  const refused = ROLES.filter((role) => !op.roles.includes(role));
  const mine = await use(id, allowed);
  if (!mine.reached) missing.push('BFF route');
  const others = await Promise.all(refused.map((role) => use(id, role)));
  if (mine.status === 403 || others.some((r) => r.status !== 403 || r.reached)) {
    missing.push('permission');
  }
  const inNav = DUTIES.some((duty) => duty.items.some((item) => item.operation === id));
  const parentPaged =
    op.parent !== undefined && (PAGED_OPERATIONS as readonly string[]).includes(op.parent);
  if (!(op.nav ? inNav : parentPaged)) missing.push('nav or parent');
  const paged = (PAGED_OPERATIONS as readonly string[]).includes(id);
  if (!paged || (op.kind === 'read' && !pageFiles.has(`${fileNameOf(id)}-page.tsx`))) {
    missing.push('SPA page');
  }
  if (!('handle' in (await handlerOf(id)))) missing.push('sandbox handler');
  const spec = existsSync(join(SPECS, `${fileNameOf(id)}.spec.ts`));
  if (!spec && !specTexts.some((text) => text.includes(`'${id}'`))) missing.push('e2e spec');
  return missing;
}

describe('the registry walk', () => {
  it.each(Object.keys(operations) as OperationId[])(
    '%s is reachable in every layer',
    async (id) => {
      expect(await missingParts(id)).toEqual(GAPS[id] ?? []);
    },
  );

  // The one list a new operation adds a line to (registry.ts): an operation defined and not
  // listed would be no operation at all, silently.
  it('lists every operation defined in packages/schemas/src/operations', () => {
    const dir = join(ROOT, 'packages/schemas/src/operations');
    const defined = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) => {
        const text = readFileSync(join(dir, file), 'utf8');
        const id = /define(?:Operation|Read)\(\{\s*id: '(\w+)'/.exec(text)?.[1];
        return id ? [{ file, id }] : [];
      });
    expect(defined.map((d) => d.file)).toEqual(
      defined.map((d) => `${fileNameOf(d.id as OperationId)}.ts`),
    );
    expect(defined.map((d) => d.id).sort()).toEqual(Object.keys(operations).sort());
  });
});
