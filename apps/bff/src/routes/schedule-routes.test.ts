import { DEMO_IDS, type Schedule } from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { echoSuccess, scriptedClient, testApp } from '../../test/harness';
import { buildPolicy } from '../approvals/policy';

const { treasury, payouts } = DEMO_IDS.profiles;

// USD transfers go at once, above 1,000 only with an admin's approval; euros never.
const policy = buildPolicy({
  format: 2,
  rules: [
    {
      id: 'big-usd',
      operations: ['createInternalTransfer'],
      assets: ['USD'],
      amount: { above: '1000' },
      action: { kind: 'hold', approvers: 1, roles: ['admin'] },
    },
    {
      id: 'usd',
      operations: ['createInternalTransfer'],
      assets: ['USD'],
      action: { kind: 'send' },
    },
    {
      id: 'no-eur',
      operations: ['createInternalTransfer'],
      assets: ['EUR'],
      action: { kind: 'refuse', reason: 'Euros leave through the service transfer only.' },
    },
  ],
  default_rule: { kind: 'hold', approvers: 1, roles: ['admin'] },
});

const weekly = (amount: string, asset = 'USD', timing: Record<string, unknown> = {}) => ({
  operation: 'createInternalTransfer',
  body: { from_profile_id: treasury, to_profile_id: payouts, asset, amount },
  timing: {
    frequency: 'weekly',
    weekdays: ['mon'],
    time: '09:00',
    time_zone: 'Europe/London',
    start_date: '2027-01-04',
    count: 4,
    ...timing,
  },
});

describe('the schedule routes', () => {
  let h: Awaited<ReturnType<typeof testApp>>;
  let cookies: Record<'finance' | 'admin' | 'viewer' | 'support', string>;
  const json = async <T>(res: Response | Promise<Response>) => (await (await res).json()) as T;
  beforeAll(async () => {
    const { client } = scriptedClient(echoSuccess);
    h = await testApp({ client, policy, now: () => Date.parse('2026-12-07T12:00:00Z') });
    await h.db.exec('delete from schedule_series');
    cookies = {
      finance: await h.signIn('finance'),
      admin: await h.signIn('admin'),
      viewer: await h.signIn('viewer'),
      support: await h.signIn('support'),
    };
  });

  it('makes a series awaiting one approval, showing the amount per occurrence, how many, the total and the next dates', async () => {
    const res = await h.post('/api/schedules', cookies.finance, weekly('100.00'));
    expect(res.status).toBe(201);
    const made = await json<Schedule>(res);
    expect(made).toMatchObject({
      state: 'active',
      created_by: 'finance',
      in_force: null,
      awaiting: {
        version: 1,
        state: 'awaiting_approval',
        per_occurrence: { asset: 'USD', amount: '100' },
        occurrences: 4,
        total: { asset: 'USD', amount: '400' },
        catch_up: 'send_once',
        timing_words: 'Every week on Monday at 09:00 (Europe/London), from 2027-01-04, 4 times',
        requirements: [
          {
            approvals_required: 1,
            given: 0,
            met: false,
            asked_by: 'money on a schedule is never sent unreviewed',
          },
        ],
      },
    });
    expect(made.next.map((o) => o.due_at)).toEqual([
      '2027-01-04T09:00:00.000Z',
      '2027-01-11T09:00:00.000Z',
      '2027-01-18T09:00:00.000Z',
      '2027-01-25T09:00:00.000Z',
    ]);
    const approve = (cookie: string) =>
      h.post(`/api/schedules/${made.id}/approve`, cookie, { version_id: made.awaiting!.id });
    const own = await approve(cookies.finance);
    expect(own.status).toBe(409);
    expect((await json<{ detail: string }>(own)).detail).toMatch(/four eyes/);
    expect((await approve(cookies.viewer)).status).toBe(403);
    const approved = await approve(cookies.admin);
    expect(approved.status).toBe(200);
    expect(await json<Schedule>(approved)).toMatchObject({
      awaiting: null,
      in_force: { id: made.awaiting!.id, state: 'approved', approvals: [{ by: 'admin' }] },
    });
    const listed = await json<{ items: Schedule[] }>(h.get('/api/schedules', cookies.viewer));
    expect(listed.items.map((s) => s.id)).toContain(made.id);
  });

  it('shows a series’ body to a viewer masked as the journal masks its entries, to finance whole', async () => {
    const series = weekly('5.00');
    const made = await json<Schedule>(
      h.post('/api/schedules', cookies.finance, {
        ...series,
        body: { ...series.body, metadata: { ticket: 'SUP-SECRET-9911' } },
      }),
    );
    const seen = async (cookie: string) => [
      (await json<Schedule>(h.get(`/api/schedules/${made.id}`, cookie))).awaiting!.body,
      (await json<{ items: Schedule[] }>(h.get('/api/schedules', cookie))).items.find(
        (s) => s.id === made.id,
      )!.awaiting!.body,
    ];
    for (const body of await seen(cookies.viewer)) {
      expect(body).toMatchObject({ amount: '5.00', metadata: { ticket: '••••' } });
    }
    for (const body of await seen(cookies.finance)) {
      expect(body).toMatchObject({ metadata: { ticket: 'SUP-SECRET-9911' } });
    }
    await h.post(`/api/schedules/${made.id}/cancel`, cookies.finance, { reason: 'a test series' });
  });

  it('asks the approvals the total of a bounded series needs, from its roles', async () => {
    const made = await json<Schedule>(h.post('/api/schedules', cookies.finance, weekly('300.00')));
    expect(made.awaiting).toMatchObject({
      total: { asset: 'USD', amount: '1200' },
      requirements: [{ approver_roles: ['admin'], asked_by: 'the total of USD' }],
    });
    const bySupport = await h.post(`/api/schedules/${made.id}/approve`, cookies.support, {
      version_id: made.awaiting!.id,
    });
    expect(bySupport.status).toBe(403);
  });

  it.each([
    ['a refused asset', weekly('5.00', 'EUR'), 422, 'policy-refused'],
    [
      'a zone that is none',
      weekly('5.00', 'USD', { time_zone: 'Mars/Olympus' }),
      400,
      'validation-failed',
    ],
    [
      'a body the operation refuses',
      { ...weekly('-5'), operation: 'createInternalTransfer' },
      400,
      'validation-failed',
    ],
    [
      'an operation that is not a transfer',
      { ...weekly('5.00'), operation: 'createOrder' },
      400,
      'validation-failed',
    ],
  ])('refuses %s, making nothing', async (_why, body, status, code) => {
    const before = (await json<{ items: Schedule[] }>(h.get('/api/schedules', cookies.finance)))
      .items.length;
    const res = await h.post('/api/schedules', cookies.finance, body);
    expect(res.status).toBe(status);
    expect(await json<{ code: string }>(res)).toMatchObject({ code });
    const after = (await json<{ items: Schedule[] }>(h.get('/api/schedules', cookies.finance)))
      .items.length;
    expect(after).toBe(before);
  });

  it('pauses, resumes, skips one occurrence and cancels as recorded actions, for money roles only', async () => {
    const made = await json<Schedule>(h.post('/api/schedules', cookies.finance, weekly('50.00')));
    const id = made.id;
    await h.post(`/api/schedules/${id}/approve`, cookies.admin, { version_id: made.awaiting!.id });
    expect((await h.post(`/api/schedules/${id}/pause`, cookies.viewer, {})).status).toBe(403);
    expect((await h.post(`/api/schedules/${id}/pause`, cookies.finance, {})).status).toBe(200);
    expect((await h.post(`/api/schedules/${id}/pause`, cookies.finance, {})).status).toBe(409);
    expect((await h.post(`/api/schedules/${id}/resume`, cookies.admin, {})).status).toBe(200);
    const skipped = await json<Schedule>(
      h.post(`/api/schedules/${id}/skip`, cookies.finance, { due_at: '2027-01-11T09:00:00Z' }),
    );
    expect(skipped.next.map((o) => o.number)).toEqual([1, 3, 4]);
    expect(skipped.history).toMatchObject([{ number: 2, state: 'skipped' }]);
    const elsewhere = await h.post(`/api/schedules/${id}/skip`, cookies.finance, {
      due_at: '2027-01-12T09:00:00Z',
    });
    expect(elsewhere.status).toBe(409);
    const cancelled = await json<Schedule>(
      h.post(`/api/schedules/${id}/cancel`, cookies.finance, { reason: 'no longer needed' }),
    );
    expect(cancelled).toMatchObject({ state: 'cancelled', next: [] });
    expect(cancelled.actions.map((a) => [a.action, a.by])).toEqual([
      ['create', 'finance'],
      ['approve', 'admin'],
      ['pause', 'finance'],
      ['resume', 'admin'],
      ['skip', 'finance'],
      ['cancel', 'finance'],
    ]);
    expect((await h.post(`/api/schedules/${id}/resume`, cookies.finance, {})).status).toBe(409);
    expect(
      (await h.get('/api/schedules/00000000-0000-4000-8000-000000000000', cookies.viewer)).status,
    ).toBe(404);
  });
});
