import { expect, type Page } from '@playwright/test';
import type { PolicyOverview } from '@console/schemas';

/** The BFF's policy API from a signed-in page, as the SPA calls it. */
export function policyApi(page: Page) {
  const headers = () => ({ 'X-CSRF': '1', Origin: new URL(page.url()).origin });
  const post = (path: string, data: unknown) =>
    page.request.post(path, { headers: headers(), data });
  return {
    policy: async () => (await (await page.request.get('/api/policy')).json()) as PolicyOverview,
    post,
    /**
     * Puts `document` back in force: proposed by this page's admin against the version in force,
     * approved by `approver` (another admin), so the specs after see the policy they expect.
     */
    giveBack: async (document: unknown, approver: Page) => {
      const now = (await (await page.request.get('/api/policy')).json()) as PolicyOverview;
      const back = await post('/api/policy/versions', {
        document,
        based_on: now.in_force.version,
        reason: 'The end-to-end spec gives the policy back',
      });
      expect(back.status()).toBe(202);
      const { journal } = (await back.json()) as { journal: { id: string } };
      const approved = await policyApi(approver).post(`/api/approvals/${journal.id}/approve`, {});
      expect(approved.status()).toBe(200);
    },
  };
}
