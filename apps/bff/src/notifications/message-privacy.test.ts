import { exampleInput } from '@console/schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { echoSuccess, sharedDb } from '../../test/harness';
import { addressOf, notifyApp } from '../../test/notify-harness';
import type { SendRequest, UpstreamOutcome } from '../upstream/client';

beforeAll(() => sharedDb());

/** The account as the service holds it when the change is asked for: the approval keeps it. */
const accountNow = {
  id: exampleInput('updateFiatAccount').id,
  status: 'APPROVED',
  fiat_account_owner: { person_details: { first_name: 'Ada', last_name: 'Lovelace-Byron' } },
};

const service = (request: SendRequest): UpstreamOutcome =>
  request.method === 'GET'
    ? { kind: 'answered', status: 200, body: accountNow, attempts: 1, retried: false }
    : echoSuccess(request);

describe('personal data in messages', () => {
  let close: () => Promise<void> = async () => {};
  afterEach(() => close());

  it('names a fiat account’s owner to an approver whose role sees it whole, and masks it in the shared chat', async () => {
    const n = await notifyApp({ client: { send: async (r) => service(r) } });
    close = n.close;
    const held = await n.submit('updateFiatAccount', exampleInput('updateFiatAccount'), 'support');
    expect(held.status).toBe(202);
    await n.settle();
    // Support made it; support and admin approve fiat account changes: admin is told.
    const [mail] = n.smtp.received;
    expect(mail!.to).toEqual([addressOf('admin')]);
    expect(mail!.text).toContain(
      `Destination: fiat account ${accountNow.id} of Ada Lovelace-Byron`,
    );
    const post = n.hook.received[0]!.json.text;
    expect(post).toContain(`fiat account ${accountNow.id} of A. L. B.`);
    expect(post).not.toContain('Lovelace');
    expect(post).not.toContain('Ada ');
  });
});
