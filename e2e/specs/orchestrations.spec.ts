import { exampleInput } from '@console/schemas';
import { randomUUID } from 'node:crypto';
import { expectAccessible } from '../accessibility';
import { expect, sandbox, secondOperator, signIn, test } from '../fixtures';
import { ApprovalsPages } from '../pages/approvals';
import { JournalPage } from '../pages/journal-page';
import { RecordAction } from '../pages/record-action';
import { pageOf } from '../pages/routes';

interface SandboxRule {
  id: string;
  status: string;
  source?: { crypto?: { address?: string } };
}

/** The seed's rule on the omnibus profile: it watches an ETHEREUM address for USDP. */
async function depositRule(): Promise<SandboxRule> {
  const state = await sandbox.state();
  return (state.rules as SandboxRule[]).find(
    (r) => r.status === 'ACTIVE' && r.source?.crypto?.address,
  )!;
}

async function depositFor(rule: SandboxRule, amount: string): Promise<string> {
  const made = await sandbox.deposit({
    asset: 'USDP',
    amount,
    address: rule.source!.crypto!.address!,
    crypto_network: 'ETHEREUM',
  });
  expect(made.orchestrations).toHaveLength(1);
  return made.orchestrations[0]!.id;
}

test.describe('Orchestrations', () => {
  test('a deposit matching a rule makes an orchestration, listed with its rule', async ({
    page,
  }) => {
    await signIn(page, 'vera');
    const rule = await depositRule();
    await depositFor(rule, '777.000000');

    await page.goto(pageOf('listOrchestrations'));
    const newest = page.getByRole('table', { name: 'Orchestrations' }).getByRole('row').nth(1);
    await expect(newest).toContainText('777');
    await expect(newest).toContainText('USDP → USD');
    await expectAccessible(page, 'orchestrations list');
    await newest.getByRole('link', { name: `Rule ${rule.id}` }).click();
    await expect(page).toHaveURL(new RegExp(`/orchestration-rules/${rule.id}$`));
    const rulePage = page.getByRole('region', { name: 'As the service holds it now' });
    await expect(rulePage).toContainText('ACTIVE');
    // The address the service made for the rule; a viewer sees its last four characters only.
    await expect(rulePage).toContainText(`••••${rule.source!.crypto!.address!.slice(-4)}`);
    await expect(page.getByRole('region', { name: 'Orchestrations it made' })).toContainText(
      'USDP → USD',
    );
    // A viewer is not offered Delete rule.
    await expect(page.getByRole('button', { name: 'Delete rule' })).toHaveCount(0);
    await expectAccessible(page, 'rule page');
    await page.getByRole('link', { name: 'Back to rules' }).click();
    await expect(page).toHaveURL(new RegExp(`${pageOf('listOrchestrationRules')}$`));
    await expect(page.locator(`#rule-${rule.id}`)).toContainText('ACTIVE');
    await expectAccessible(page, 'rules list');
  });

  test("an orchestration's page follows it to its end: legs linked to transfers, a failure in words", async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'fiona');
    const rule = await depositRule();
    // The sandbox completes an orchestration two seconds after it is made: the page is opened
    // straight away, so that it sees it PROCESSING (the list links to it: the test above).
    const id = await depositFor(rule, '250.000000');
    await page.goto(pageOf('getOrchestration', { id }));
    await expect(page.getByRole('heading', { level: 1, name: 'Orchestration' })).toBeVisible();
    // PROCESSING and the note that the page follows it, seen in one look at the page: checked
    // one after the other, the sandbox's two seconds may end between them on a slow machine.
    await expect(page.getByRole('main')).toContainText(
      /^(?=[\s\S]*PROCESSING)(?=[\s\S]*follows the record until it is final)/,
    );
    const facts = page.getByRole('region', { name: 'As the service holds it now' });
    await expect(facts).toContainText('250');
    await expect(facts.getByRole('link', { name: /A rule, from a deposit/ })).toBeVisible();

    // The service completes it while the operator watches: no reload.
    await fetch(`${sandbox.url()}/sandbox/orchestrations/${id}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'COMPLETED' }),
    });
    await expect(facts.getByText('COMPLETED', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/follows the record/)).toHaveCount(0);
    const legs = page.getByRole('table', { name: 'Transfers of the orchestration' });
    await expect(legs.getByRole('row').filter({ hasText: 'Source' })).toContainText('Completed');
    await expectAccessible(page, 'orchestration page');
    const made = (await sandbox.state()).orchestrations.find((o) => o.id === id) as unknown as {
      source_transfer: { transfer_id: string };
    };
    await legs.getByRole('link', { name: /^Open the source transfer / }).click();
    await expect(page).toHaveURL(
      new RegExp(`${pageOf('getTransfer', { id: made.source_transfer.transfer_id })}$`),
    );
    await expect(page.getByRole('region', { name: 'As the service holds it now' })).toContainText(
      'COMPLETED',
    );

    // One that fails says why, in the service's words.
    const failing = await depositFor(rule, '5.000000');
    await page.goto(pageOf('getOrchestration', { id: failing }));
    await fetch(`${sandbox.url()}/sandbox/orchestrations/${failing}/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'FAILED' }),
    });
    await expect(page.getByRole('status').filter({ hasText: 'Why it failed' })).toContainText(
      'The orchestration was failed by a sandbox control call',
    );
  });

  test('a rule is deleted from its page once a second operator approves', async ({
    page,
    browser,
  }) => {
    test.slow();
    await signIn(page, 'fiona');
    // A rule of its own, so the seed's rules stay for the other specs.
    const made = await page.request.post('/api/operations/createOrchestrationRule', {
      headers: { 'X-CSRF': '1', Origin: new URL(page.url()).origin },
      data: {
        ...exampleInput('createOrchestrationRule'),
        ref_id: randomUUID(),
        nickname: 'Sweep to be deleted',
      },
    });
    expect(made.status(), await made.text()).toBe(200);
    const rule = ((await made.json()) as { data: { rule: { id: string } } }).data.rule;

    await page.goto(`/orchestration-rules/${rule.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Rule: Sweep to be deleted' }),
    ).toBeVisible();
    const del = new RecordAction(page, 'Delete rule', 'Delete this rule?');
    const dialog = await del.open();
    await expect(dialog).toContainText('Sweep to be deleted');
    await expect(dialog).toContainText(rule.id);
    await expect(dialog).toContainText('matches no new deposit');
    await expectAccessible(page, 'delete rule dialog');
    await del.confirm('Delete the rule');
    // The built-in policy holds a rule's deletion for another finance operator.
    await expect(del.awaiting()).toBeVisible();
    expect((await sandbox.state()).rules.find((r) => r.id === rule.id)?.status).toBe('ACTIVE');

    const request = await del.awaiting().getByRole('link').getAttribute('href');
    const checker = await secondOperator(browser, 'frank');
    await checker.goto(request!);
    const approvals = new ApprovalsPages(checker);
    await expect(approvals.whatWillBeSent()).toContainText(rule.id);
    await approvals.approve();
    await expect(approvals.sent).toBeVisible();
    await checker.context().close();

    await page.reload();
    await expect(page.getByRole('region', { name: 'As the service holds it now' })).toContainText(
      'DELETED',
    );
    await expect(del.trigger()).toHaveCount(0);
    const journal = new JournalPage(page);
    await journal.ofOperation('deleteOrchestrationRule');
    await expect(journal.rows().first()).toContainText('Fiona Finance');
  });
});
