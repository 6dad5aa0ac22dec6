/**
 * The batch routes' tests' console: a payout file of N rows, its mapping, a service that answers
 * each send, and an app with a batch sender, its operators signed in.
 */
import { DEMO_IDS } from '@console/schemas';
import { echoSuccess, scriptedClient, testApp } from './harness';
import type { StoredRequest } from '../src/approvals/send-time-rules';
import type { AppDeps } from '../src/app-deps';
import { createBatchSender } from '../src/batches/batch-sender';
import type { SendRequest, UpstreamOutcome } from '../src/upstream/client';
import { createServicePacer } from '../src/upstream/service-pace';

export const { treasury, payouts } = DEMO_IDS.profiles;
export const header = 'from,to,asset,amount,note';
export const file = (rows: number, from = 1) =>
  `${header}\n${Array.from(
    { length: rows },
    (_, i) => `Treasury,${payouts},USD,${from + i}.25,row ${from + i}`,
  ).join('\n')}\n`;
export const mapping = {
  from: 'from_profile_id',
  to: 'to_profile_id',
  asset: 'asset',
  amount: 'amount',
  note: 'metadata.*',
};

/** The service: its profiles by nickname for the names directory; every send succeeds. */
export const service = (request: SendRequest): UpstreamOutcome =>
  request.method === 'GET'
    ? {
        kind: 'answered',
        status: 200,
        body: {
          items: [
            { id: treasury, nickname: 'Treasury', type: 'TREASURY' },
            { id: payouts, nickname: 'Payouts', type: 'TREASURY' },
          ],
        },
        attempts: 1,
        retried: false,
      }
    : echoSuccess(request);

export async function setUp(
  answer: (request: SendRequest) => UpstreamOutcome | Promise<UpstreamOutcome> = service,
  backoffMs = 2_000,
  stop?: (request: StoredRequest) => Promise<string | null>,
  options: Partial<AppDeps> = {},
) {
  const { client, requests } = scriptedClient(answer);
  const h = await testApp({ client, ...options });
  await h.db.exec(
    "delete from batches; delete from batch_mappings; delete from service_pace; delete from job_leases where kind = 'batch-sender';",
  );
  const sender = createBatchSender({
    db: h.db,
    dispatch: { journal: h.deps.journal, client, timeoutMs: 5_000 },
    pacer: createServicePacer(h.db, { percent: 80 }),
    owner: h.deps.journal.owner,
    logger: h.deps.logger,
    backoffMs,
    concurrency: 1,
    ...(stop ? { stop } : {}),
  });
  const cookies = {
    finance: await h.signIn('finance'),
    admin: await h.signIn('admin'),
    viewer: await h.signIn('viewer'),
    support: await h.signIn('support'),
  };
  const upload = async (text: string, extra: Record<string, unknown> = {}) =>
    h.post('/api/batches', cookies.finance, {
      operation: 'createInternalTransfer',
      file_name: 'payouts.csv',
      text,
      mapping,
      ...extra,
    });
  const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
  return { ...h, requests, sender, cookies, upload, json };
}
