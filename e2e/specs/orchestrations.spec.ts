import { expectAccessible } from '../accessibility';
import { expect, sandbox, signIn, test } from '../fixtures';

test.describe('Orchestrations', () => {
  test('a deposit matching a rule makes an orchestration, listed with its rule', async ({
    page,
  }) => {
    await signIn(page, 'vera');
    // The seed's rule on the omnibus profile watches an ETHEREUM address for USDP.
    const state = await sandbox.state();
    const rule = (
      state.rules as { id: string; status: string; source?: { crypto?: { address?: string } } }[]
    ).find((r) => r.status === 'ACTIVE' && r.source?.crypto?.address)!;
    const made = await sandbox.deposit({
      asset: 'USDP',
      amount: '777.000000',
      address: rule.source!.crypto!.address!,
      crypto_network: 'ETHEREUM',
    });
    expect(made.orchestrations).toHaveLength(1);

    await page.goto('/orchestrations');
    const newest = page.getByRole('table', { name: 'Orchestrations' }).getByRole('row').nth(1);
    await expect(newest).toContainText('777');
    await expect(newest).toContainText('USDP → USD');
    await expectAccessible(page, 'orchestrations list');
    await newest.getByRole('link', { name: `Rule ${rule.id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/orchestration-rules#rule-${rule.id}$`));
    const row = page.locator(`#rule-${rule.id}`);
    await expect(row).toContainText('ACTIVE');
    // The address the service made for the rule; a viewer sees its last four characters only.
    await expect(row).toContainText(`••••${rule.source!.crypto!.address!.slice(-4)}`);
    await expectAccessible(page, 'rules list');
  });
});
