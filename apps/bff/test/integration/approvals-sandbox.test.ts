import { exampleInput, type JournalEntry } from '@console/schemas';
import { afterAll, describe, expect, it } from 'vitest';
import { approvalUsers, SECOND_FINANCE } from '../approvals-test-kit';
import { unsignedDefaultPolicy } from '../unsigned-policy';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

const secrets: RunSecrets = { values: new Set(), tokens: 0 };
type Harness = Awaited<ReturnType<typeof sandboxHarness>>;
const harnesses: Harness[] = [];

afterAll(async () => {
  for (const h of harnesses) await h.close();
});

interface SandboxTransfer {
  ref_id?: string;
  amount: string;
}

describe('approvals against the sandbox (default policy)', () => {
  it('a held transfer reaches the service exactly once, after approval, as the approved bytes', async () => {
    const h = await sandboxHarness({
      alg: 'EdDSA',
      secrets,
      policy: unsignedDefaultPolicy(),
      extraUsers: (await approvalUsers()).filter((u) => u.username === SECOND_FINANCE.username),
    });
    harnesses.push(h);
    const maker = await h.signIn('finance');
    const checker = await h.signIn('finance', SECOND_FINANCE);
    const transfers = async (refId: string | null) =>
      (await h.control<{ transfers: SandboxTransfer[] }>('GET', '/state')).transfers.filter(
        (t) => t.ref_id === refId,
      );

    const held = await h.post('/api/operations/createInternalTransfer', maker, {
      ...exampleInput('createInternalTransfer'),
      amount: '42.42',
    });
    expect(held.status).toBe(202);
    const { journal } = (await held.json()) as { journal: JournalEntry };
    expect(await transfers(journal.ref_id)).toHaveLength(0);
    expect((await h.log()).requests).toHaveLength(0);

    const approved = await h.post(`/api/approvals/${journal.id}/approve`, checker, {});
    expect(approved.status).toBe(200);
    const sent = (await approved.json()) as { journal: JournalEntry };
    expect(sent.journal.state).toBe('SUCCEEDED');
    expect(await transfers(journal.ref_id)).toHaveLength(1);
    // Approving again, by anyone, sends nothing more.
    expect((await h.post(`/api/approvals/${journal.id}/approve`, maker, {})).status).toBe(409);

    const log = (await h.log()).requests;
    expect(log).toHaveLength(1);
    // The service verified the signature over the very bytes that were held and approved.
    expect(log[0]!.body).toBe(journal.request_body);
    expect(log[0]!.signature).toMatchObject({ verified: true, kid: h.kid });
    expect(sent.journal.body_sha256).toBe(journal.body_sha256);
  });
});
