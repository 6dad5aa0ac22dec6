/**
 * Figure 2: how many tokens the BFF is issued during 2000 sends over the eight operations, 64
 * concurrent, starting cold (a fresh BFF with no token): one per scope, the sends' and those of
 * the BFF's own reads (its watcher). The count is read from the sandbox's own log, not from the
 * BFF: what the service sees is what its rate limit counts; requests it refused are reported.
 */
import { exampleInput, WRITE_OPERATION_IDS, operations } from '@console/schemas';
import type autocannon from 'autocannon';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { runLoad } from '../load/load';
import { startStack } from '../stack/stack';

const SENDS = 2000;
const CONNECTIONS = 64;
const FIGURE = `Token requests during ${SENDS} sends over the 8 operations, ${CONNECTIONS} concurrent`;
const GOAL = 'exactly 1 issued per scope';

export const tokenRequests: Figure = {
  id: 'token-requests',
  timeoutMs: 120_000,
  rows: [{ figure: FIGURE, goal: GOAL }],
  run: async (ctx) => [await measure(ctx)],
};

/** The writes with a body: the eight operations of the spec's main text. */
const SENT = WRITE_OPERATION_IDS.filter((id) => !operations[id].bodyless);

async function measure(ctx: BenchContext): Promise<Row> {
  const stack = await startStack(ctx, 'token-requests');
  try {
    const statuses = Object.fromEntries(SENT.map((id) => [id, {} as Record<string, number>]));
    // Each request builds a fresh body: a ref_id is never reused (the sandbox would answer 409).
    const requests: autocannon.Request[] = SENT.map((id) => ({
      method: 'POST',
      path: `/api/operations/${id}`,
      setupRequest: (request) => ({ ...request, body: JSON.stringify(exampleInput(id)) }),
      onResponse: (status) => {
        statuses[id]![status] = (statuses[id]![status] ?? 0) + 1;
      },
    }));
    ctx.log(`  ${SENDS} sends, ${CONNECTIONS} connections`);
    const result = await runLoad({
      url: stack.bff.url,
      connections: CONNECTIONS,
      amount: SENDS,
      headers: stack.bff.headers,
      requests,
    });
    const log = await stack.sandbox.log();
    const mine = log.token_requests.filter((t) => t.client_id === stack.sandbox.clientId);
    // A token is issued on a 200. A refusal (the sandbox's per-client token bucket answers 429
    // `slow_down` to a cold start that asks for more scopes at once than its burst) is waited
    // out and asked again: it is counted apart, as it is not a token the cache failed to keep.
    const issued: Record<string, number> = {};
    const refused: Record<string, number> = {};
    for (const request of mine) {
      const [into, key] =
        request.status === 200
          ? [issued, request.scope]
          : [refused, `${request.scope} (${request.status})`];
      into[key] = (into[key] ?? 0) + 1;
    }
    // The sends' scopes, and the scopes of the BFF's own reads (its watcher) on top.
    const sentScopes = [...new Set(SENT.map((id) => operations[id].scope as string))];
    const scopes = [...new Set([...sentScopes, ...Object.keys(issued)])];
    const exact = scopes.every((scope) => issued[scope] === 1);
    const issuedCount = Object.values(issued).reduce((a, b) => a + b, 0);
    const refusedCount = Object.values(refused).reduce((a, b) => a + b, 0);
    const failures = Object.entries(statuses).flatMap(([id, byStatus]) =>
      Object.entries(byStatus)
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, count]) => `${id} ${count} × ${status}`),
    );
    const sent = result.ok + Object.values(result.failed).reduce((a, b) => a + b, 0);
    const spread = (counts: Record<string, number>) =>
      Object.entries(counts)
        .map(([scope, count]) => `${scope} ${count}`)
        .join(', ');
    return {
      figure: FIGURE,
      value: `${issuedCount} tokens for ${scopes.length} scopes${exact ? ' (1 each)' : ''}`,
      baseline: '',
      ratio: '',
      goal: GOAL,
      // The figure is the count; sends that did not come back are in the note, not the verdict
      // (every scope had to be used for the count to be exact).
      pass: exact,
      raw: {
        token_requests: mine.length,
        issued: issuedCount,
        per_scope: issued,
        refused,
        sends_ok: result.ok,
        sent,
        statuses,
        errors: result.errors,
      },
      note: `${result.ok} of ${SENDS} sends answered 2xx in ${result.seconds.toFixed(1)} s${
        failures.length ? ` (failed: ${failures.join('; ')})` : ''
      }${result.errors ? `, ${result.errors} socket errors (${result.firstError ?? '?'})` : ''}; ${scopes.length - sentScopes.length} of the scopes are the BFF's own reads${
        refusedCount
          ? `; ${refusedCount} token request${refusedCount === 1 ? '' : 's'} refused and asked again (${spread(refused)})`
          : ''
      }${exact ? '' : `; issued per scope: ${spread(issued)}`}`,
    };
  } finally {
    await stack.close();
  }
}
