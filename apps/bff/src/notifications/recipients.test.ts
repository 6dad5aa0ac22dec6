import {
  exampleInput,
  type NotificationPreferences,
  type NotificationRecipients,
} from '@console/schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sharedDb } from '../../test/harness';
import { addressOf, notifyApp } from '../../test/notify-harness';
import { noApprovalPolicy } from '../approvals/policy';
import { createSsoOperatorStore } from '../oidc/sso-operators';
import type { UpstreamOutcome } from '../upstream/client';

beforeAll(() => sharedDb());

const transfer = exampleInput('createInternalTransfer');
/** How a message names the transfer: the test service names no profile, so by id. */
const what = `Create internal transfer, profile ${transfer.from_profile_id} → profile ${transfer.to_profile_id}, 125.50 USD`;

describe('who is told, and by which channel', () => {
  let close: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of close.reverse()) await step();
    close = [];
  });
  const open = async (options: Parameters<typeof notifyApp>[0] = {}) => {
    const n = await notifyApp(options);
    close.push(n.close);
    return n;
  };

  it('tells nobody who was removed: not as an approver, and not a message made before the removal', async () => {
    const n = await open();
    n.removeUser('finance2');
    await n.submit('createInternalTransfer', transfer, 'finance');
    await n.settle();
    expect(n.smtp.received.map((m) => m.to[0])).toEqual([addressOf('admin')]);
    expect(n.hook.received[0]!.json.text).toMatch(/^For: Test admin$/m);

    // Made for admin, whose first attempt fails; admin is removed before the retry: dropped.
    n.smtp.received.length = 0;
    n.hook.received.length = 0;
    n.smtp.setMode('refuse');
    n.hook.setMode('fail');
    const held = await n.submit('createInternalTransfer', transfer, 'finance');
    await n.notifier.lookNow();
    n.removeUser('admin');
    n.smtp.setMode('accept');
    n.hook.setMode('accept');
    await n.settle();
    expect(n.smtp.received).toEqual([]);
    expect(n.hook.received).toEqual([]);
    const made = await n.outbox.ofEntry(held.journal.id);
    expect(made.map((m) => [m.channel, m.state]).sort()).toEqual([
      ['chat', 'dropped'],
      ['email', 'dropped'],
    ]);
  });

  it('reaches a person known through single sign-on at the address their provider gave', async () => {
    const n = await open();
    await createSsoOperatorStore(n.db).signedIn({
      identity: 'oidc:0123456789:fay',
      issuer: 'https://idp.example',
      subject: 'fay',
      display_name: 'Fay from the provider',
      role: 'finance',
      email: 'fay@idp.example',
    });
    await n.submit('createInternalTransfer', transfer, 'finance');
    await n.settle();
    expect(n.smtp.received.map((m) => m.to[0]).sort()).toEqual(
      [addressOf('admin'), addressOf('finance2'), 'fay@idp.example'].sort(),
    );
    expect(n.hook.received[0]!.json.text).toMatch(/Fay from the provider/);
  });

  it('sends nothing an operator turned off, by that channel, and the rest as before', async () => {
    const n = await open();
    const put = await n.app.request('/api/notifications/preferences', {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        'X-CSRF': '1',
        Origin: 'http://localhost',
        Cookie: n.cookies.admin,
      },
      body: JSON.stringify({ items: [{ kind: 'held', channel: 'email', enabled: false }] }),
    });
    expect(put.status).toBe(200);
    const mine = (await put.json()) as NotificationPreferences;
    expect(mine.items).toContainEqual({ kind: 'held', channel: 'email', enabled: false });
    expect(mine.items).toContainEqual({ kind: 'held', channel: 'chat', enabled: true });
    await n.submit('createInternalTransfer', transfer, 'finance');
    await n.settle();
    expect(n.smtp.received.map((m) => m.to[0])).toEqual([addressOf('finance2')]);
    expect(n.hook.received[0]!.json.text).toMatch(/^For: .*Test admin/m);

    const who = (await (
      await n.get('/api/notifications/recipients', n.cookies.admin)
    ).json()) as NotificationRecipients;
    const admin = who.items.find((o) => o.username === 'admin')!;
    expect(admin.receives).toContainEqual({ kind: 'held', channel: 'chat' });
    expect(admin.receives).not.toContainEqual({ kind: 'held', channel: 'email' });
    expect((await n.get('/api/notifications/recipients', n.cookies.support)).status).toBe(403);
  });

  it('offers each role only what it can receive, and an operator without an address only the chat', async () => {
    const n = await open({ withoutEmail: ['finance2'] });
    const viewer = (await (
      await n.get('/api/notifications/preferences', n.cookies.viewer)
    ).json()) as NotificationPreferences;
    expect(viewer.items).toEqual([]);
    const refused = await n.app.request('/api/notifications/preferences', {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        'X-CSRF': '1',
        Origin: 'http://localhost',
        Cookie: n.cookies.finance,
      },
      body: JSON.stringify({ items: [{ kind: 'unsettled', channel: 'email', enabled: false }] }),
    });
    expect(refused.status).toBe(400);
    const noAddress = (await (
      await n.get('/api/notifications/preferences', n.cookies.finance2)
    ).json()) as NotificationPreferences;
    expect(noAddress.email).toBeNull();
    expect(noAddress.channels.find((c) => c.channel === 'email')).toMatchObject({
      available: false,
      reason: expect.stringMatching(/knows no email address of yours/),
    });
    await n.submit('createInternalTransfer', transfer, 'finance');
    await n.settle();
    expect(n.smtp.received.map((m) => m.to[0])).toEqual([addressOf('admin')]);
    expect(n.hook.received[0]!.json.text).toMatch(/Second Finance/);
  });

  it('tells the maker of an unknown outcome and of the service’s refusal, once each', async () => {
    const answers: UpstreamOutcome[] = [
      { kind: 'no-answer', error: 'timed out', attempts: 3 },
      {
        kind: 'answered',
        status: 422,
        body: { title: 'Unprocessable' },
        attempts: 1,
        retried: false,
      },
    ];
    const n = await open({
      client: { send: async () => answers.shift()! },
      policy: noApprovalPolicy(),
    });
    expect(
      (await n.post('/api/operations/createInternalTransfer', n.cookies.finance, transfer)).status,
    ).toBe(504);
    expect(
      (await n.post('/api/operations/createInternalTransfer', n.cookies.finance, transfer)).status,
    ).toBe(422);
    await n.settle();
    expect(n.mailTo('finance').map((m) => m.subject)).toEqual([
      `Outcome unknown: ${what}`,
      `Refused by the service: ${what}`,
    ]);
    expect(n.smtp.received).toHaveLength(2);
  });

  it('tells the admins, and only them, of a send the console could not settle after three looks', async () => {
    const n = await open({
      client: { send: async () => ({ kind: 'no-answer', error: 'timed out', attempts: 3 }) },
      policy: noApprovalPolicy(),
    });
    await n.post('/api/operations/createInternalTransfer', n.cookies.finance, transfer);
    const [entry] = (await n.deps.journal.list({ state: 'UNKNOWN' })).items;
    const unknown = {
      state: 'UNKNOWN',
      attempts: 1,
      response_status: null,
      response: null,
      error: 'timed out',
    } as const;
    for (let look = 0; look < 3; look += 1) {
      await n.deps.journal.leases.claimForResolve(entry!.id, `look-${look}`, {
        baseMs: 0,
        maxMs: 0,
      });
      await n.deps.journal.recordOutcome(entry!.id, unknown);
    }
    await n.settle();
    expect(n.smtp.received.map((m) => [m.to[0], m.subject.split(':')[0]]).sort()).toEqual([
      [addressOf('admin'), 'Needs an operator'],
      [addressOf('finance'), 'Outcome unknown'],
    ]);
  });
});
