import {
  exampleInput,
  type ApprovalDetail,
  type JournalEntry,
  type JournalPage,
} from '@console/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { echoSuccess, scriptedClient, testApp, sharedDb } from '../../test/harness';
import { approvalApp } from '../../test/approvals-test-kit';
import { defaultPolicy } from '../approvals/policy';

// PGlite starts once per file, before any test's clock.
beforeAll(() => sharedDb());

/** Personal data in journal bodies: masked for a viewer, whole for roles that need it (16). */
const fiatUpdate = {
  ...exampleInput('updateFiatAccount'),
  fiat_account_owner: { person_details: { first_name: 'Augusta', last_name: 'Lovelace-Byron' } },
  fiat_network_instructions: {
    wire: { account_number: '000123456789', routing_details: { routing_number: '021000021' } },
  },
  metadata: { customer_note: 'call before 5pm please' },
};

const SECRETS = [
  'Augusta',
  'Lovelace-Byron',
  '000123456789',
  '021000021',
  'call before 5pm please',
];

function leaks(text: string): string[] {
  return SECRETS.filter((secret) => text.includes(secret));
}

describe('personal data in the journal', () => {
  it('a viewer sees owner, bank details and metadata masked to the last 4 characters', async () => {
    const h = await testApp({ client: scriptedClient(echoSuccess).client });
    const support = await h.signIn('support');
    const sent = await h.post('/api/operations/updateFiatAccount', support, fiatUpdate);
    expect(sent.status).toBe(200);
    const { journal } = (await sent.json()) as { journal: JournalEntry };
    const viewer = await h.signIn('viewer');

    const one = await (await h.get(`/api/journal/${journal.id}`, viewer)).text();
    const page = await (await h.get('/api/journal', viewer)).text();
    const csv = await (await h.get('/api/journal.csv', viewer)).text();
    for (const text of [one, page, csv]) expect(leaks(text)).toEqual([]);
    const entry = JSON.parse(one) as JournalEntry;
    const body = JSON.parse(entry.request_body) as typeof fiatUpdate;
    expect(body.fiat_account_owner.person_details.last_name).toBe('••••yron');
    expect(body.fiat_network_instructions.wire.account_number).toBe('••••6789');
    expect(body.metadata.customer_note).toBe('••••ease');
    expect((entry.response as typeof fiatUpdate).fiat_account_owner.person_details.first_name).toBe(
      '••••usta',
    );
    // Not personal: ids, the hash of the exact bytes.
    expect(entry.body_sha256).toBe(journal.body_sha256);
    expect(entry.request_path).toBe(journal.request_path);

    for (const role of ['support', 'finance', 'admin'] as const) {
      const cookie = role === 'support' ? support : await h.signIn(role);
      const whole = (await (
        await h.get(`/api/journal/${journal.id}`, cookie)
      ).json()) as JournalEntry;
      expect(whole.request_body).toBe(journal.request_body);
      const list = (await (await h.get('/api/journal', cookie)).json()) as JournalPage;
      expect(leaks(JSON.stringify(list))).toEqual(SECRETS);
    }
  });

  it('a viewer reading an approval request sees it masked', async () => {
    const h = await approvalApp({
      client: scriptedClient(echoSuccess).client,
      policy: defaultPolicy(),
    });
    const held = await h.submit('updateFiatAccount', fiatUpdate, 'support');
    expect(held.status).toBe(202);
    const res = await h.get(`/api/approvals/${held.journal.id}`, h.cookies.viewer);
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(leaks(text)).toEqual([]);
    const detail = JSON.parse(text) as ApprovalDetail;
    expect(detail.fields).toMatchObject({ id: fiatUpdate.id });
    const admin = await h.detail(held.journal.id, 'admin');
    expect(leaks(JSON.stringify(admin))).toEqual(SECRETS);
  });
});
