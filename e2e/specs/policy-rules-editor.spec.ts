import { groupDigits } from '@console/schemas';
import { expectAccessible } from '../accessibility';
import { expect, screenshot, secondOperator, setRole, signIn, test } from '../fixtures';
import { AppShell } from '../pages/app-shell';
import { policyApi } from '../pages/policy-api';
import { ApprovalsPages } from '../pages/approvals';

test.describe('The rules of the approval policy as rows (issue 38)', () => {
  test('an admin lowers a band by editing its row, sees the lint and the diff, moves a rule by keyboard, dry-runs and proposes; another admin approves', async ({
    page,
    browser,
  }) => {
    // A second admin for the four eyes: Frank, given the role for this spec and given it back.
    setRole('frank', 'admin');
    let restore: (() => Promise<void>) | undefined;
    try {
      await signIn(page, 'ada');
      await new AppShell(page).open('Approval policy');
      const before = await policyApi(page).policy();
      const base = before.in_force.version;
      const rules = before.in_force.rules.rules;
      // The band of internal transfers that go out at once (up to 1,000 in the e2e policy file).
      const band = rules.find(
        (r) =>
          r.operations !== 'any' &&
          r.operations.includes('createInternalTransfer') &&
          r.action.kind === 'send' &&
          r.amount?.up_to !== undefined,
      );
      expect(band, 'the e2e policy lets small internal transfers out at once').toBeDefined();
      const id = band!.id;
      const rows = page.getByRole('list', { name: /Rules of the draft/ });
      const row = rows.getByRole('listitem', { name: new RegExp(`, ${id}$`) });
      await expect(row).toContainText('Internal transfers of');
      await expect(page.getByRole('status').filter({ hasText: 'The lint finds' })).toContainText(
        'no problem',
      );

      // Edit: the form takes the focus; a band no amount meets is named as it is typed.
      await page.getByRole('button', { name: `Edit rule ${id}`, exact: true }).click();
      const form = page.getByRole('form', { name: `Edit rule ${id}` });
      await expect(form.getByRole('heading', { name: `Edit rule ${id}` })).toBeFocused();
      await form.getByRole('textbox', { name: 'Amount up to' }).fill('500');
      await form.getByRole('textbox', { name: 'Amount above' }).fill('2000');
      await expect(form).toContainText('can never match');
      await expectAccessible(page, 'policy rule form');
      await form.getByRole('button', { name: 'Save rule' }).click();
      // Saved: focus back on its row, the problem under it and in the count.
      await expect(
        page.getByRole('button', { name: `Edit rule ${id}`, exact: true }),
      ).toBeFocused();
      await expect(row.getByRole('list', { name: `Problems of rule ${id}` })).toContainText(
        'can never match',
      );
      await expect(page.getByRole('status').filter({ hasText: 'The lint finds' })).toContainText(
        'The lint finds 1 problem',
      );
      await expectAccessible(page, 'policy rows with a lint problem');

      // Fixed: the band is "up to 500", the problem goes, the diff names the rule.
      await page.getByRole('button', { name: `Edit rule ${id}`, exact: true }).click();
      await form.getByRole('textbox', { name: 'Amount above' }).fill('');
      await form.getByRole('button', { name: 'Save rule' }).click();
      await expect(row.getByRole('list', { name: `Problems of rule ${id}` })).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'The lint finds' })).toContainText(
        'no problem',
      );
      await expect(row).toContainText('at most 500');
      const changes = page.getByRole('list', { name: `Changes from version ${base}` });
      await expect(changes).toContainText(
        `Rule ${id}, amount (threshold): at most ${groupDigits(band!.amount!.up_to!)} → at most 500`,
      );

      // Move by keyboard: the first rule whose operations none of the rule before it names swaps
      // with it; the two match no send in common, so no send is decided otherwise.
      const disjoint = (a: (typeof rules)[number], b: (typeof rules)[number]) =>
        a.operations !== 'any' &&
        b.operations !== 'any' &&
        !a.operations.some((op) => (b.operations as string[]).includes(op));
      const firstOther = rules.findIndex((r, i) => i > 0 && disjoint(rules[i - 1]!, r));
      expect(firstOther).toBeGreaterThan(0);
      const other = rules[firstOther]!.id;
      const moveUp = page.getByRole('button', { name: `Move rule ${other} up`, exact: true });
      await moveUp.focus();
      await page.keyboard.press('Enter');
      await expect(
        page.getByRole('button', { name: `Move rule ${other} up`, exact: true }),
      ).toBeFocused();
      await expect(
        rows.getByRole('listitem', { name: new RegExp(`^Rule ${firstOther}, ${other}$`) }),
      ).toBeVisible();
      await expect(changes).toContainText('moved from position');

      // The dry run of the draft: figures, changing nothing.
      await page.getByRole('button', { name: 'Dry run over the last 30 days' }).click();
      await expect(page.getByRole('heading', { name: /^The draft over \d+ sends/ })).toBeVisible();

      await page.getByLabel('Reason').fill('Small internal transfers: out at once only up to 500');
      await page.getByRole('button', { name: 'Propose for approval' }).click();
      const held = page.getByRole('alert').filter({ hasText: 'Awaiting another admin’s approval' });
      await expect(held).toContainText(`version ${base} decides every send`);
      await screenshot(page, 'policy-rules-editor-proposed');
      await expect(
        page.getByRole('list', { name: 'What the proposal by Ada Admin changes' }),
      ).toContainText(`Rule ${id}, amount (threshold)`);

      // Frank approves it: the new version is format 2, with the band lowered.
      const proposal = (await policyApi(page).policy()).proposals[0]!.entry;
      const frank = await secondOperator(browser, 'frank');
      await frank.goto(`/approvals/${proposal.id}`);
      const approvals = new ApprovalsPages(frank);
      await expect(approvals.exactBody()).toContainText('"format":2');
      await approvals.approve();
      await expect(approvals.history).toContainText('Approved');
      restore = () => policyApi(page).giveBack(before.in_force.document, frank);

      await page.reload();
      await expect(
        page.getByRole('heading', { level: 2, name: `Version ${base + 1}, in force` }),
      ).toBeVisible();
      const after = await policyApi(page).policy();
      expect(after.in_force.rules.rules.find((r) => r.id === id)?.amount).toEqual({
        up_to: '500',
      });
      await expect(page.getByRole('list', { name: /Its rules/ })).toContainText('at most 500');
    } finally {
      await restore?.();
      setRole('frank', 'finance');
    }
  });
});
