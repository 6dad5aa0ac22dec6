import { createHash } from 'node:crypto';
import {
  exampleInput,
  statementText,
  type DecisionChallenge,
  type Passkey,
} from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvalApp } from '../../test/approvals-test-kit';
import { registerPasskey, TEST_RP } from '../../test/passkey-kit';
import { BROWSER_HEADERS, echoSuccess, scriptedClient } from '../../test/harness';
import {
  softAuthenticator,
  type SignOptions,
  type SoftAuthenticator,
} from '../../test/soft-authenticator';
import { defaultPolicy } from '../approvals/policy';
import { createPasskeyStore } from './passkey-store';
import { challengeOf } from './decision-signature';

/*
 * Decisions signed with a passkey under the built-in policy (issue 61), which asks one for every
 * approval of what moves money. Each refusal has its accepted twin: the same request, approved
 * with a good signature right after, so that a refusal cannot pass for a console that refuses
 * everything. The signatures are real (test/soft-authenticator.ts).
 */

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

type App = Awaited<ReturnType<typeof approvalApp>>;
type Who = keyof App['cookies'];

describe('decisions signed with a passkey', () => {
  let h: App;
  /** finance2's passkey, confirmed by an admin. */
  let key: SoftAuthenticator;
  /** Registered by finance2, revoked. */
  let revoked: SoftAuthenticator;
  /** Registered by finance2 and left cooling off (confirmed in its twin). */
  let cooling: SoftAuthenticator;
  /** Never registered. */
  let stranger: SoftAuthenticator;
  /** An entry finance2 approved with `key`: its assertion and challenge, used once. */
  let used: { assertion: unknown; challenge: string };

  const newKey = () => softAuthenticator(TEST_RP);

  const register = (who: Who, name: string) => registerPasskey(h, who, name);

  /** A transfer finance submits: held for one approval from finance or admin, with a passkey. */
  async function held(amount = '42.00'): Promise<string> {
    const res = await h.submit('createInternalTransfer', {
      ...exampleInput('createInternalTransfer'),
      amount,
    });
    expect(res.status).toBe(202);
    expect(res.approval).toMatchObject({ passkey_required: true });
    return res.journal.id;
  }

  async function challenge(
    id: string,
    decision: 'approve' | 'reject' = 'approve',
    who: Who = 'finance2',
  ) {
    const res = await h.post(`/api/approvals/${id}/challenge`, h.cookies[who], { decision });
    expect(res.status).toBe(200);
    return (await res.json()) as DecisionChallenge;
  }

  const sign = async (id: string, auth: SoftAuthenticator, options?: SignOptions) =>
    auth.sign((await challenge(id)).challenge, options);

  const approveWith = (id: string, passkey: unknown) =>
    h.post(
      `/api/approvals/${id}/approve`,
      h.cookies.finance2,
      passkey === undefined ? {} : { passkey },
    );

  beforeAll(async () => {
    h = await approvalApp({ client: scriptedClient(echoSuccess).client, policy: defaultPolicy() });
    let passkey: Passkey;
    [key, passkey] = await register('finance2', 'YubiKey 5C');
    expect(passkey.state).toBe('pending');
    const confirmed = await h.post(`/api/passkeys/${passkey.id}/confirm`, h.cookies.admin, {});
    expect(confirmed.status).toBe(200);
    let other: Passkey;
    [revoked, other] = await register('finance2', 'Lost key');
    const gone = await h.app.request(`/api/passkeys/${other.id}`, {
      method: 'DELETE',
      headers: { ...BROWSER_HEADERS, Cookie: h.cookies.finance2 },
    });
    expect(gone.status).toBe(200);
    [cooling] = await register('finance2', 'New phone');
    stranger = newKey();
    const first = await held();
    const { challenge: c } = await challenge(first);
    const assertion = key.sign(c);
    expect((await approveWith(first, assertion)).status).toBe(200);
    used = { assertion, challenge: c };
  });

  const refusals: {
    name: string;
    code?: string;
    refused: (id: string) => Promise<unknown>;
    before?: () => Promise<void>;
  }[] = [
    { name: 'an unregistered credential', refused: (id) => sign(id, stranger) },
    { name: 'a revoked credential', refused: (id) => sign(id, revoked) },
    {
      name: "another entry's statement",
      refused: async () => key.sign((await challenge(await held('43.00'))).challenge),
    },
    {
      name: "another body's statement",
      refused: async (id) => {
        // What the BFF would have issued, but for other bytes than those it holds.
        const { statement } = await challenge(id);
        const forged = statementText({
          ...(JSON.parse(statement) as Parameters<typeof statementText>[0]),
          body_sha256: sha256('{"amount":"4200.00"}'),
        });
        await createPasskeyStore(h.db, { now: h.now }).issueChallenge({
          challenge: challengeOf(forged),
          username: 'finance2',
          purpose: 'decide',
          statement: forged,
          expiresAt: new Date(h.now() + 60_000),
        });
        return key.sign(challengeOf(forged));
      },
    },
    { name: 'a replayed assertion', refused: async () => used.assertion },
    { name: 'a replayed challenge', refused: async () => key.sign(used.challenge) },
    { name: 'a wrong origin', refused: (id) => sign(id, key, { origin: 'https://console.evil' }) },
    { name: 'a wrong RP ID', refused: (id) => sign(id, key, { rpId: 'console.evil' }) },
    { name: 'user verification absent', refused: (id) => sign(id, key, { userVerified: false }) },
    {
      name: 'a counter that did not move (a copied key)',
      refused: (id) => sign(id, key, { counter: 1 }),
    },
    {
      name: 'a passkey still cooling off',
      refused: (id) => sign(id, cooling),
      // Its twin: the same key once another admin confirmed it.
      before: async () => {
        const mine = (await (await h.get('/api/passkeys', h.cookies.finance2)).json()) as {
          items: Passkey[];
        };
        const pending = mine.items.find((p) => p.name === 'New phone')!;
        expect(pending.state).toBe('pending');
        const confirmed = await h.post(`/api/passkeys/${pending.id}/confirm`, h.cookies.admin, {});
        expect(confirmed.status).toBe(200);
        key = cooling;
      },
    },
    {
      name: 'no passkey where the policy asks for one',
      code: 'passkey-required',
      refused: async () => undefined,
    },
  ];

  it.each(refusals)('refuses $name, counts nothing, and accepts its twin', async (c) => {
    const id = await held();
    const res = await approveWith(id, await c.refused(id));
    expect(res.status).toBe(422);
    const problem = (await res.json()) as { code: string; detail: string };
    expect(problem.code).toBe(c.code ?? 'passkey-refused');
    expect(problem.detail).toMatch(/[Nn]othing was counted/);
    const waiting = await h.detail(id);
    expect(waiting.journal.state).toBe('AWAITING_APPROVAL');
    expect(waiting.approval.approvals).toEqual([]);

    await c.before?.();
    const accepted = await approveWith(id, await sign(id, key));
    expect(accepted.status).toBe(200);
    const done = await h.detail(id);
    expect(done.journal.state).toBe('SUCCEEDED');
    expect(done.approval.signatures).toEqual([
      expect.objectContaining({ decision: 'approve', approver: 'finance2' }),
    ]);
  });

  it('keeps the proof with the decision, chained in the audit trail', async () => {
    const id = await held();
    expect((await approveWith(id, await sign(id, key))).status).toBe(200);
    const [signed] = (await h.detail(id)).approval.signatures!;
    expect(signed).toMatchObject({ passkey_name: 'New phone', approver_name: 'Second Finance' });
    const proof = JSON.parse(signed!.proof) as Record<string, string>;
    expect(JSON.parse(proof.statement!)).toMatchObject({
      entry_id: id,
      decision: 'approve',
      approver: 'finance2',
      body_sha256: (await h.deps.journal.get(id))!.body_sha256,
    });
    const records = await h.db.query<{ content: string }>(
      `select content from audit_records where chain = 'approvals' and subject = $1
       union all select content_head || '0' || content_tail from audit_pending
       where chain = 'approvals' and subject = $1`,
      [id],
    );
    const chained = records.map((r) => JSON.parse(r.content) as Record<string, unknown>);
    expect(chained.find((r) => r.event_kind === 'approved')).toMatchObject({
      proof: signed!.proof,
    });
  });

  it('signs a rejection too; without a passkey it is refused', async () => {
    const id = await held();
    const bare = await h.post(`/api/approvals/${id}/reject`, h.cookies.finance2, { reason: 'No' });
    expect(bare.status).toBe(422);
    expect(((await bare.json()) as { code: string }).code).toBe('passkey-required');
    const { challenge: c } = await challenge(id, 'reject');
    const res = await h.post(`/api/approvals/${id}/reject`, h.cookies.finance2, {
      reason: 'No',
      passkey: key.sign(c),
    });
    expect(res.status).toBe(200);
    const detail = await h.detail(id);
    expect(detail.journal.state).toBe('REJECTED');
    expect(detail.approval.signatures).toEqual([
      expect.objectContaining({ decision: 'reject', approver: 'finance2' }),
    ]);
  });

  it('an approve statement does not sign a rejection', async () => {
    const id = await held();
    const res = await h.post(`/api/approvals/${id}/reject`, h.cookies.finance2, {
      reason: 'No',
      passkey: await sign(id, key),
    });
    expect(res.status).toBe(422);
    expect((await h.detail(id)).journal.state).toBe('AWAITING_APPROVAL');
  });
});
