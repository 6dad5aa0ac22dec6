import { routeOf } from '@console/schemas';
import { expect, screenshot, signIn, test } from '../fixtures';
import { OperationForm } from '../pages/operation-form';

/** BTC to the demo book's address of Alice, picked by its nickname as an operator does. */
async function btcToAlice(form: OperationForm): Promise<void> {
  await form.fill({ Asset: 'BTC' });
  await form.choose('Crypto network', 'BITCOIN');
  await form.pick('Destination address', 'Alice', 'Alice: BTC payouts');
}

test.describe('Quote crypto withdrawal fee', () => {
  let form: OperationForm;

  test.beforeEach(async ({ page }) => {
    await signIn(page, 'fiona', routeOf('createCryptoWithdrawalFee'));
    form = new OperationForm(page, 'Quote crypto withdrawal fee');
    await form.expectOpen();
  });

  test('quotes a BTC withdrawal by amount', async ({ page }) => {
    await btcToAlice(form);
    await form.fill({ Amount: '0.25' });
    await screenshot(page, 'crypto-withdrawal-fee-form');
    await form.send();

    await expect(form.result.value('Fee')).toHaveText('0.00015BTC');
    await expect(form.result.value('Amount')).toHaveText('0.25BTC');
    await expect(form.result.value('Total')).toHaveText('0.25015BTC');
    await expect(form.result.outcome()).toContainText('Succeeded');
    await screenshot(page, 'crypto-withdrawal-fee-result');
  });

  test('quotes by total through the switch', async () => {
    await btcToAlice(form);
    await form.fill({ Amount: '0.5' });
    await form.quoteBy('Total');
    await expect(form.field('Amount')).toBeHidden();
    await form.fill({ Total: '0.10015' });
    await form.send();
    await expect(form.result.value('Amount')).toHaveText('0.1BTC');
    await expect(form.result.value('Total')).toHaveText('0.10015BTC');
  });

  test('asks for an amount or a total, and a plain decimal', async () => {
    await btcToAlice(form);
    await form.submit();
    await form.expectFieldError('Amount', 'Give either amount or total');
    await form.fill({ Amount: '1e-3' });
    await form.expectFieldError('Amount', 'Amount must be a plain decimal such as 12.50');
    await expect(form.result.root).toBeHidden();
  });
});
