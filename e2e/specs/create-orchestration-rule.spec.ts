import { DEMO_IDS, routeOf } from '@console/schemas';
import { expect, sandbox, screenshot, signIn, test } from '../fixtures';
import { OperationForm } from '../pages/operation-form';

const { treasury, payouts } = DEMO_IDS.profiles;

test.describe('Create orchestration rule', () => {
  let form: OperationForm;

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'fiona', routeOf('createOrchestrationRule'));
    form = new OperationForm(page, 'Create orchestration rule');
    await form.expectOpen();
  });

  test('sweeps wire deposits to payouts, and a deposit fires it', async ({ page }) => {
    await form.fill({ Profile: treasury }, 'Who');
    await form.fill({
      Nickname: 'Sweep wires to payouts',
      'Source asset': 'USD',
      'Destination asset': 'USD',
    });
    await form.rail('Source', 'Fiat');
    await form.fill({ 'Deposit instructions': DEMO_IDS.depositInstructions }, 'Source');
    await form.rail('Destination', 'Profile');
    await form.fill({ Profile: payouts }, 'Destination');
    const refId = await form.refId().inputValue();
    await screenshot(page, 'orchestration-rule-form');
    await form.send();

    await expect(form.result.badge('ACTIVE')).toBeVisible();
    await expect(form.result.outcome()).toContainText('Succeeded');
    await expect(form.result.root).toContainText('Sweep wires to payouts');
    await screenshot(page, 'orchestration-rule-result');

    const rules = (await sandbox.state()).rules.filter((r) => r.ref_id === refId);
    expect(rules).toHaveLength(1);
    const fired = await sandbox.deposit({
      asset: 'USD',
      amount: '40.00',
      deposit_instructions_id: DEMO_IDS.depositInstructions,
    });
    expect(fired.orchestrations).toHaveLength(1);
  });

  test('asks for a source and keeps the nickname within 100 characters', async () => {
    await form.fill({ Nickname: 'n'.repeat(101) });
    await form.submit();
    await form.expectFieldError('Nickname', 'Nickname can have at most 100 characters');
    await expect(form.railError('Source')).toHaveText('Source is required');
    await form.expectFieldError('Source asset', 'Source asset is required');
    await expect(form.review).toBeHidden();
  });
});
