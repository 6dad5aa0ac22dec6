import { DEMO_IDS, exampleInput } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { echoSuccess, scriptedClient } from '../../test/harness';
import { approvalApp } from '../../test/approvals-test-kit';
import { unsignedDefaultPolicy } from '../../test/unsigned-policy';

/*
 * The appendix's cancel and deletes under the built-in policy, which the registry's approval
 * defaults make: a cancel goes out like an order; a delete waits like the create or update it
 * undoes. What is approved and sent is a DELETE with no body.
 */
describe('cancel and deletes under the built-in policy', () => {
  const start = async () => {
    const scripted = scriptedClient(echoSuccess);
    const h = await approvalApp({ client: scripted.client, policy: unsignedDefaultPolicy() });
    return { h, requests: scripted.requests };
  };

  it('sends a cancel at once, as a DELETE with no body', async () => {
    const { h, requests } = await start();
    const sent = await h.submit('cancelOrder', exampleInput('cancelOrder'));
    expect(sent.status).toBe(200);
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'DELETE',
        path: `/v2/profiles/${DEMO_IDS.profiles.marketMaking}/orders/${DEMO_IDS.orders.open}`,
        body: '',
      }),
    ]);
  });

  it.each([
    ['deleteOrchestrationRule', 'finance', 'finance2', ['finance', 'admin']],
    ['deleteFiatAccount', 'support', 'admin', ['support', 'admin']],
  ] as const)(
    'holds %s for %s’s peers and sends it, bodyless, once approved',
    async (id, maker, checker, roles) => {
      const { h, requests } = await start();
      const held = await h.submit(id, exampleInput(id), maker);
      expect(held.status).toBe(202);
      expect(held.approval).toMatchObject({ eligible_roles: roles });
      expect(held.journal.request_body).toBe('');
      const detail = await h.detail(held.journal.id);
      expect(detail.fields).toEqual(exampleInput(id));
      const writes = () => requests.filter((r) => r.method !== 'GET');
      expect(writes()).toHaveLength(0);

      expect((await h.approve(held.journal.id, checker)).status).toBe(200);
      expect(writes()).toEqual([expect.objectContaining({ method: 'DELETE', body: '' })]);
    },
  );
});
