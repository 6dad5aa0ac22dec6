import { DEMO_IDS, type JournalEntry } from '@console/schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { approvalUsers, SECOND_FINANCE } from '../approvals-test-kit';
import { unsignedDefaultPolicy } from '../unsigned-policy';
import { sandboxHarness, type RunSecrets } from '../sandbox-harness';

/*
 * An orchestration rule whose source names only the rail it watches (the service's own example,
 * `{crypto: {network: "ETHEREUM"}}`, and a fiat `{network, account_type}`), end to end: the
 * schemas, the BFF under its built-in approval policy, the sandbox that makes the address or
 * instructions, and the read proxy that shows them.
 */
const secrets: RunSecrets = { values: new Set(), tokens: 0 };
let h: Awaited<ReturnType<typeof sandboxHarness>>;
beforeAll(async () => {
  h = await sandboxHarness({
    alg: 'ES256',
    secrets,
    policy: unsignedDefaultPolicy(),
    extraUsers: (await approvalUsers()).filter((u) => u.username === SECOND_FINANCE.username),
  });
});
afterAll(() => h.close());
beforeEach(() => h.control('POST', '/reset'));

const T = DEMO_IDS.profiles.treasury;
type Answer = { journal: JournalEntry; data?: { rule: Rule }; detail?: string };
type Rule = {
  id: string;
  status: string;
  source: {
    crypto?: { network?: string; address_id?: string; address?: string };
    fiat?: Record<string, string>;
  };
};

/** Submitted by one finance operator, approved by another: the rule goes out once. */
async function createRule(source: object, refId: string): Promise<Answer> {
  const maker = await h.signIn('finance');
  const checker = await h.signIn('finance', SECOND_FINANCE);
  const held = await h.post('/api/operations/createOrchestrationRule', maker, {
    ref_id: refId,
    profile_id: T,
    nickname: 'Sweep by rail',
    source_asset: 'USDP',
    source,
    destination_asset: 'USD',
  });
  const heldBody = (await held.json()) as Answer;
  expect(held.status, heldBody.detail).toBe(202);
  const approved = await h.post(`/api/approvals/${heldBody.journal.id}/approve`, checker, {});
  const sent = (await approved.json()) as Answer;
  expect(approved.status, sent.detail).toBe(200);
  expect(sent.journal.state).toBe('SUCCEEDED');
  return sent;
}

/** A read through the BFF's proxy, as an admin (who sees addresses whole). */
async function read(path: string): Promise<Record<string, unknown>> {
  const res = await h.app.request(`/api/svc${path}`, {
    headers: { Cookie: await h.signIn('admin') },
  });
  const body = (await res.json()) as { data: Record<string, unknown> };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data;
}

describe('a rule source that names only its rail', () => {
  it('crypto {network: ETHEREUM} is accepted; the service makes the address, which a deposit then fires', async () => {
    const sent = await createRule({ crypto: { network: 'ETHEREUM' } }, 'rule-by-network');
    // What reached the service is what was journaled: the network alone.
    const posted = (await h.log()).requests.filter((r) => r.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toBe(sent.journal.request_body);
    expect(JSON.parse(posted[0]!.body).source).toEqual({ crypto: { network: 'ETHEREUM' } });
    expect(posted[0]!.signature).toMatchObject({ verified: true });

    const rule = (sent.journal.response as { rule: Rule }).rule;
    expect(rule.status).toBe('ACTIVE');
    expect(rule.source.crypto).toMatchObject({
      network: 'ETHEREUM',
      address_id: expect.any(String),
      address: expect.stringMatching(/^0x[0-9a-f]{40}$/),
    });

    // Read back through the BFF: the rule with its address, and the address of the rule's profile.
    const rules = await read(`/v2/orchestration/rules?ids=${rule.id}`);
    expect(rules.items).toEqual([expect.objectContaining({ id: rule.id, source: rule.source })]);
    const addresses = await read(
      `/v2/transfer/deposit-addresses?ids=${rule.source.crypto!.address_id!}`,
    );
    expect(addresses.items).toEqual([
      expect.objectContaining({ profile_id: T, crypto_network: 'ETHEREUM' }),
    ]);

    const deposit = await h.control<{ orchestrations: { orchestration_rule_id: string }[] }>(
      'POST',
      '/deposits',
      {
        address: rule.source.crypto!.address!,
        crypto_network: 'ETHEREUM',
        asset: 'USDP',
        amount: '10.000000',
      },
    );
    expect(deposit.orchestrations).toEqual([
      expect.objectContaining({ orchestration_rule_id: rule.id }),
    ]);
    const made = await read(`/v2/orchestration/orchestrations?orchestration_rule_id=${rule.id}`);
    expect(made.items).toHaveLength(1);
  });

  it('fiat {network: WIRE, account_type: SWIFT} is accepted; the service makes the instructions', async () => {
    const sent = await createRule(
      { fiat: { network: 'WIRE', account_type: 'SWIFT' } },
      'rule-by-fiat-rail',
    );
    const rule = (sent.journal.response as { rule: Rule }).rule;
    expect(rule.source.fiat).toMatchObject({
      network: 'WIRE',
      account_type: 'SWIFT',
      deposit_instructions_id: expect.any(String),
      memo_id: expect.any(String),
    });
    const rules = await read(`/v2/orchestration/rules?ids=${rule.id}`);
    expect(rules.items).toEqual([expect.objectContaining({ id: rule.id, source: rule.source })]);
  });

  it('two rails in one source are refused by the BFF, before anything is held or sent', async () => {
    const maker = await h.signIn('finance');
    const res = await h.post('/api/operations/createOrchestrationRule', maker, {
      ref_id: 'rule-two-rails',
      profile_id: T,
      source_asset: 'USDP',
      source: {
        crypto: { network: 'ETHEREUM' },
        fiat: { network: 'WIRE', account_type: 'ABA' },
      },
      destination_asset: 'USD',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errors: [expect.objectContaining({ path: 'source' })],
    });
    expect((await h.log()).requests).toEqual([]);
  });
});
