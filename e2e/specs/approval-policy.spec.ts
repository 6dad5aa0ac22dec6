import type { Locator } from '@playwright/test';
import { DEMO_IDS } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { expect, screenshot, secondOperator, setRole, signIn, test } from '../fixtures';
import { AppShell } from '../pages/app-shell';
import { policyApi } from '../pages/policy-api';
import { ApprovalsPages, AwaitingApprovalCard } from '../pages/approvals';
import { OperationForm } from '../pages/operation-form';

/** A change list shows `change` among its looser changes, which all come before the others. */
async function expectLooserFirst(list: Locator, change: string): Promise<void> {
  await expect(list).toContainText(change);
  const lines = await list.getByRole('listitem').allInnerTexts();
  const looser = lines.map((line) => /, looser\b/.test(line));
  expect(looser.indexOf(false) === -1 || looser.lastIndexOf(true) < looser.indexOf(false)).toBe(
    true,
  );
  expect(looser[lines.findIndex((line) => line.includes(change))]).toBe(true);
}

test.describe('The approval policy as data (issue 38)', () => {
  test('an admin proposes a lower threshold, another admin approves it, and the next send is held under the new version', async ({
    page,
    browser,
  }) => {
    // Two operators, four pages checked by axe, a dry run and a send: about a minute on two cores.
    test.slow();
    // A second admin for the four eyes: Frank, given the role for this spec and given it back.
    setRole('frank', 'admin');
    let restore: (() => Promise<void>) | undefined;
    try {
      await signIn(page, 'ada');
      await new AppShell(page).open('Approval policy');
      const before = await policyApi(page).policy();
      const base = before.in_force.version;
      await expect(
        page.getByRole('heading', { level: 2, name: `Version ${base}, in force` }),
      ).toBeVisible();
      // The version in force as rules in words, tried in order.
      await expect(page.getByRole('list', { name: /Its rules/ })).toContainText(
        'Internal transfers of',
      );
      await expectAccessible(page, 'approval policy');

      // A EUR transfer of 9.87 goes out at once under the version in force (up to 1,000).
      const sentNow = await policyApi(page).post('/api/operations/createInternalTransfer', {
        from_profile_id: DEMO_IDS.profiles.treasury,
        to_profile_id: DEMO_IDS.profiles.trading,
        asset: 'EUR',
        amount: '9.87',
      });
      expect(sentNow.status()).toBe(200);
      const sentId = ((await sentNow.json()) as { journal: { id: string } }).journal.id;

      // EUR transfers between profiles wait for approval above 5 EUR (1,000 for the others): a
      // rule of its own, first, written in the JSON of the draft (format 2).
      await page.getByText('Edit as JSON').click();
      const document = page.getByLabel(
        `The policy, as version ${base + 1} would say it (format 2)`,
      );
      const draft = structuredClone(before.in_force.rules);
      draft.rules.unshift({
        id: 'eur-transfers',
        operations: ['createInternalTransfer'],
        assets: ['EUR'],
        amount: { above: '5' },
        destination: 'any',
        initiator_roles: 'any',
        action: { kind: 'hold', approvers: 1, roles: ['finance', 'admin'] },
      });
      // And a new entry for one of our own profiles usable 3 minutes after its approval instead of a day: a control
      // loosened deep in the document, which the approver must read first (issue 66).
      draft.destination_book = {
        ...draft.destination_book,
        cooling_off_hours: {
          ...(draft.destination_book?.cooling_off_hours as object | undefined),
          'own-profile': 0.05,
        },
      };
      await document.fill(JSON.stringify(draft, null, 2));
      // The rows read the same draft.
      await expect(page.getByRole('listitem', { name: 'Rule 1, eur-transfers' })).toContainText(
        'Internal transfers of EUR above 5 need 1 approver from finance or admin',
      );
      const preview = page.getByRole('list', { name: `Changes from version ${base}` });
      await expect(preview).toContainText('Rule eur-transfers added at position 1');
      // The editor's preview lists what loosens first. (The rule added loosens too: EUR above
      // 100,000 needed two approvers, and under it needs one.)
      await expectLooserFirst(preview, '24 h → 3 min, looser');
      // The dry run of the draft lists the transfer just sent as one it would have held, linked
      // to its journal entry.
      await page.getByRole('button', { name: 'Dry run over the last 30 days' }).click();
      const changed = page.getByRole('list', { name: 'Sends whose outcome the draft changes' });
      await expect(changed.locator(`a[href="/journal/${sentId}"]`)).toBeVisible();
      await expect(
        changed.getByRole('listitem').filter({ has: page.locator(`a[href="/journal/${sentId}"]`) }),
      ).toContainText('9.87');
      await expectAccessible(page, 'approval policy dry run');
      await page.getByRole('button', { name: 'Propose for approval' }).click();
      // Without a reason nothing is proposed, and the reason takes the focus.
      await expect(page.getByLabel('Reason')).toBeFocused();
      await page.getByLabel('Reason').fill('EUR payouts are new: hold them from 5 EUR');
      await page.getByRole('button', { name: 'Propose for approval' }).click();
      const held = page.getByRole('alert').filter({ hasText: 'Awaiting another admin’s approval' });
      await expect(held).toContainText(`version ${base} decides every send`);
      await screenshot(page, 'approval-policy-proposed');

      // Ada may not approve her own proposal; Frank approves it.
      // What it changes, rule by rule, in words, for the admins who read the page.
      await expect(
        page.getByRole('list', { name: 'What the proposal by Ada Admin changes' }),
      ).toContainText('EUR');
      const proposal = (await policyApi(page).policy()).proposals[0]!.entry;
      const frank = await secondOperator(browser, 'frank');
      await frank.goto(`/approvals/${proposal.id}`);
      const approvals = new ApprovalsPages(frank);
      await expect(approvals.exactBody()).toContainText('"assets":["EUR"],"amount":{"above":"5"}');
      // What it changes, in words, where the approver decides: the loosened cool-off first, the
      // maker's reason and the dry run's summary beside it, the document folded below.
      const changes = frank.getByRole('list', { name: 'What the new version changes' });
      await expect(changes).toContainText('EUR');
      await expectLooserFirst(
        changes,
        'Cooling-off of a new entry for one of our own profiles: 24 h → 3 min, looser',
      );
      await expect(frank.getByRole('main')).toContainText(
        'The maker’s reason: EUR payouts are new: hold them from 5 EUR',
      );
      await expect(
        frank.getByText(/^Dry run over the last 30 days: \d+ of \d+ sends would change outcome/),
      ).toBeVisible();
      await expect(approvals.exactBody()).toBeHidden();
      await expectAccessible(frank, 'policy version approval');
      // The dialog repeats the list, looser first, and says what the last approval does.
      await approvals.button('Approve').click();
      const dialog = approvals.approveDialog();
      await expectLooserFirst(
        dialog.getByRole('list', { name: 'What the version you approve changes' }),
        '24 h → 3 min, looser',
      );
      await expect(dialog).toContainText(`it comes into force at once as version ${base + 1}`);
      await expect(dialog).not.toContainText('sent to the service');
      await expectAccessible(frank, 'policy version approval dialog');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect(approvals.history).toContainText('Approved');
      restore = () => policyApi(page).giveBack(before.in_force.document, frank);

      await page.reload();
      await expect(
        page.getByRole('heading', { level: 2, name: `Version ${base + 1}, in force` }),
      ).toBeVisible();
      await expect(page.getByRole('main')).toContainText('approved by frank');

      // The next EUR transfer is held, and its journal entry names the version.
      const fiona = await secondOperator(browser, 'fiona');
      await new AppShell(fiona).open('Internal transfer');
      const form = new OperationForm(fiona, 'Create internal transfer');
      await form.fill({
        'From profile': DEMO_IDS.profiles.treasury,
        'To profile': DEMO_IDS.profiles.trading,
        Asset: 'EUR',
        Amount: '12.34',
      });
      // The review says it will wait, before anything is journaled.
      await form.openReview();
      await form.confirm();
      const card = new AwaitingApprovalCard(fiona);
      await expect(card.root).toContainText('Nothing was sent yet');
      await card.link().click();
      await fiona.waitForURL(/\/approvals\/[0-9a-f-]{36}$/);
      const request = new ApprovalsPages(fiona);
      const journalId = new URL(fiona.url()).pathname.split('/').pop()!;
      await fiona.goto(`/journal/${journalId}`);
      await expect(
        fiona.getByRole('link', { name: `Decided under version ${base + 1}` }),
      ).toBeVisible();
      await fiona.goto(`/approvals/${journalId}`);
      await request.button('Cancel request').click();
      await expect(request.button('Cancel request')).toHaveCount(0);
    } finally {
      await restore?.();
      setRole('frank', 'finance');
    }
  });
});
