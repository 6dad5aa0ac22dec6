import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_IDS, exampleInput, problemCode, type WriteOperationId } from '@console/schemas';
import { startTestSandbox, type TestSandbox } from '../../test/test-support';

/* Appendix B, "Rules that join these to the writes", against the demo seed's identities. */
const I = DEMO_IDS.identities;
const A = DEMO_IDS.accounts;
const P = DEMO_IDS.profiles;
let sbx: TestSandbox;
beforeAll(async () => {
  sbx = await startTestSandbox();
});
afterAll(() => sbx.close());
beforeEach(() => sbx.sandbox.reset());

type Input = Record<string, unknown>;
const with_ = (id: WriteOperationId, patch: Input): Input => ({ ...exampleInput(id), ...patch });
const sell = { side: 'SELL', quote_amount: undefined, base_amount: '0.001' };
const review = (id: string, change: Input) => sbx.control('PUT', `/identities/${id}`, change);

// [write, the account named with an identity it does not belong to, the field, an account it does]
// prettier-ignore
const JOINS: [WriteOperationId, Input, string, Input][] = [
  ['createOrder', { identity_id: I.alice, identity_account_id: A.bob }, 'identity_account_id', { identity_id: I.alice, identity_account_id: A.northwind }],
  ['createInternalTransfer', { from_identity_id: I.bob, from_account_id: A.alice }, 'from_account_id', { from_identity_id: I.bob, from_account_id: A.bob }],
  ['createSvcTransfer', { to_identity_id: I.bob, to_account_id: A.northwind }, 'to_account_id', { to_identity_id: I.alice, to_account_id: A.northwind }],
  ['createDepositAddress', { identity_id: I.carol, account_id: A.alice }, 'account_id', { identity_id: I.carol, account_id: A.carol }],
  ['createOrchestration', { identity_id: I.alice, account_id: A.bob }, 'account_id', { identity_id: I.alice, account_id: A.alice }],
  ['createOrchestrationRule', { identity_id: I.northwind, account_id: A.alice }, 'account_id', { identity_id: I.northwind, account_id: A.northwind }],
];

describe('an account named with an identity', () => {
  it.each(JOINS)(
    '%s refuses one that is not the identity’s (400 naming %j), and takes its own or one it is a member of',
    async (id, broken, field, fixed) => {
      const refused = await sbx.call(id, with_(id, broken));
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.detail).toMatch(new RegExp(`^${field}: `));
      expect(refused.body.meta?.errors).toEqual([expect.objectContaining({ path: field })]);
      const accepted = await sbx.call(id, with_(id, fixed));
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    },
  );
});

describe('an identity that may not transact', () => {
  it('is refused while PENDING (identity-verification-required), and accepted once APPROVED, with the event', async () => {
    const order = with_('createOrder', { identity_id: I.frank, identity_account_id: A.frank });
    const refused = await sbx.call('createOrder', order);
    expect(refused.status).toBe(403);
    expect(problemCode(refused.body.type as string)).toBe('identity-verification-required');
    expect(refused.body.detail).toMatch(/^identity_id: .* PENDING/);

    expect((await review(I.frank, { summary_status: 'APPROVED' })).status).toBe(200);
    expect((await sbx.call('createOrder', order)).status).toBe(200);
    const events = await sbx.send('GET', '/v2/events?type=identity.approved');
    expect(events.body.events).toEqual([
      expect.objectContaining({
        object_type: 'identity_summary_status_change',
        object: expect.objectContaining({
          identity_id: I.frank,
          old_summary_status: 'PENDING',
          new_summary_status: 'APPROVED',
        }),
      }),
    ]);
  });

  it('is refused DENIED on the receiving side of a transfer too', async () => {
    const transfer = with_('createInternalTransfer', {
      to_identity_id: I.dave,
      to_account_id: A.dave,
    });
    const refused = await sbx.call('createInternalTransfer', transfer);
    expect(refused.status).toBe(403);
    expect(problemCode(refused.body.type as string)).toBe('identity-verification-required');
    expect(refused.body.detail).toMatch(/^to_identity_id: /);
    await review(I.dave, { summary_status: 'APPROVED' });
    expect((await sbx.call('createInternalTransfer', transfer)).status).toBe(200);
  });

  it.each([
    ['FROZEN', I.erin, A.erin, []],
    ['CLOSED', I.bob, A.bob, [{ type: 'CLOSED', reason_code: 'END_USER_REQUEST' }]],
  ] as const)(
    'is refused with an active %s control, naming it, and accepted once it is lifted',
    async (control, identity, account, controls) => {
      if (controls.length > 0) await review(identity, { controls });
      const orchestration = with_('createOrchestration', {
        identity_id: identity,
        account_id: account,
      });
      const refused = await sbx.call('createOrchestration', orchestration);
      expect(refused.status).toBe(403);
      expect(refused.body.type).toBe('about:blank');
      expect(refused.body.detail).toMatch(new RegExp(`^identity_id: .*active ${control} control`));
      await review(identity, { controls: [] });
      expect((await sbx.call('createOrchestration', orchestration)).status).toBe(200);
    },
  );
});

describe('a SELL_ONLY identity', () => {
  const carol = { identity_id: I.carol, identity_account_id: A.carol };

  it('may sell, not buy, until the control is lifted', async () => {
    const buy = with_('createOrder', carol);
    const refused = await sbx.call('createOrder', buy);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/^identity_id: .*SELL_ONLY/);
    expect(
      (await sbx.call('createOrder', with_('createOrder', { ...carol, ...sell }))).status,
    ).toBe(200);
    await review(I.carol, { controls: [] });
    expect((await sbx.call('createOrder', buy)).status).toBe(200);
  });

  it('may receive funds, not send them', async () => {
    const from = { from_identity_id: I.carol, from_account_id: A.carol };
    const to = { to_identity_id: I.carol, to_account_id: A.carol };
    const refused = await sbx.call('createSvcTransfer', with_('createSvcTransfer', from));
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/^from_identity_id: .*SELL_ONLY/);
    expect((await sbx.call('createSvcTransfer', with_('createSvcTransfer', to))).status).toBe(200);
    expect(
      (
        await sbx.call(
          'createOrchestration',
          with_('createOrchestration', { identity_id: I.carol, account_id: A.carol }),
        )
      ).status,
    ).toBe(403);
  });
});

describe('controls and requirements as the service shapes them (appendix B)', () => {
  const read = async (id: string) =>
    (await sbx.send('GET', `/v2/identity/identities/${id}`)).body as {
      status_details: { active_controls: Input[]; requirements: Input[] };
    };

  it('answers carol’s control with its id, setter, reason and time, and her KYC refresh pending', async () => {
    const carol = await read(I.carol);
    expect(carol.status_details.active_controls).toEqual([
      {
        id: expect.any(String),
        type: 'SELL_ONLY',
        set_by: 'SET_BY_SVC',
        is_overridable: false,
        reason_code: 'COMPLIANCE_KYC',
        reason: 'Periodic KYC refresh overdue',
        created_at: expect.stringMatching(/Z$/),
      },
    ]);
    expect(carol.status_details.requirements).toEqual([
      {
        type: 'KYC_REFRESH',
        errors: [expect.objectContaining({ code: 'PROOF_OF_ADDRESS_EXPIRED' })],
        status: 'PENDING',
        awaiting_action_from: 'CLIENT',
      },
    ]);
  });

  it('keeps a control a review leaves in place (its id and time), and dates a new one now', async () => {
    const [before] = (await read(I.carol)).status_details.active_controls;
    const kept = { type: 'SELL_ONLY', reason_code: 'COMPLIANCE_KYC' };
    const added = { type: 'DORMANT', set_by: 'SET_BY_CLIENT', reason_code: 'INACTIVITY' };
    expect((await review(I.carol, { controls: [kept, added] })).status).toBe(200);
    const after = await read(I.carol);
    expect(after.status_details.active_controls).toEqual([
      before,
      expect.objectContaining({
        ...added,
        id: expect.not.stringMatching(String(before!.id)),
        created_at: new Date(sbx.clock.now()).toISOString(),
      }),
    ]);
    // Still approved: what is asked of her stays.
    expect(after.status_details.requirements).toHaveLength(1);
  });

  it('refuses a reason code outside the appendix’s list', async () => {
    const res = await review(I.carol, {
      controls: [{ type: 'FROZEN', reason_code: 'RISK_REVIEW' }],
    });
    expect(res.status).toBe(400);
  });
});

describe('identities and accounts as read', () => {
  it('leave a person’s details out of Get Identity unless asked, and list them for picking', async () => {
    const plain = await sbx.send('GET', `/v2/identity/identities/${I.alice}`);
    expect(plain.body).not.toHaveProperty('person_details');
    const full = await sbx.send('GET', `/v2/identity/identities/${I.alice}?include_details=true`);
    expect(full.body.person_details).toMatchObject({ first_name: 'Alice', last_name: 'Moreau' });
    const listed = await sbx.send('GET', '/v2/identity/identities?identity_type=PERSON');
    expect(listed.body.items).toContainEqual(
      expect.objectContaining({ id: I.alice, person_details: expect.any(Object) }),
    );
  });

  it('give an institution’s members with include_institution_members, and an account its members and profile', async () => {
    const path = `/v2/identity/identities/${I.northwind}`;
    expect((await sbx.send('GET', path)).body).not.toHaveProperty('institution_members');
    const withMembers = await sbx.send('GET', `${path}?include_institution_members=true`);
    expect(withMembers.body.institution_members).toEqual([
      { identity_id: I.alice, roles: ['AUTHORIZED_USER'] },
    ]);
    const account = await sbx.send('GET', `/v2/identity/accounts/${A.northwind}`);
    expect(account.body.members).toEqual([expect.objectContaining({ identity_id: I.alice })]);
    const alice = await sbx.send('GET', `/v2/identity/accounts/${A.alice}`);
    expect(alice.body).toMatchObject({ identity_id: I.alice, profile_id: P.marketMaking });
  });
});
