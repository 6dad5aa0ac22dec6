import { DEMO_IDS, routeOf } from '@console/schemas';
import { expect, type Page } from '@playwright/test';
import { OperationForm } from './operation-form';

/** Whole operator tasks that several specs start from. */

/** Sends an internal transfer through the UI and returns its reference id. */
export async function sendInternalTransfer(
  page: Page,
  amount: string,
  from: string = DEMO_IDS.profiles.treasury,
): Promise<string> {
  const form = new OperationForm(page, 'Create internal transfer');
  await form.goto(routeOf('createInternalTransfer'));
  await form.fill({
    'From profile': from,
    'To profile': DEMO_IDS.profiles.payouts,
    Asset: 'USD',
    Amount: amount,
  });
  const refId = await form.refId().inputValue();
  await form.send();
  await expect(form.result.root.or(form.problem()).first()).toBeVisible();
  return refId;
}

/** Places an order through the UI and returns its reference id. */
export async function placeOrder(
  page: Page,
  order: { market: string; side: 'BUY' | 'SELL'; type: string; amounts: Record<string, string> },
): Promise<string> {
  const form = new OperationForm(page, 'Create order');
  await form.goto(routeOf('createOrder'));
  await form.fill({ Profile: DEMO_IDS.profiles.trading });
  await form.choose('Order type', order.type);
  await form.choose('Side', order.side);
  await form.choose('Market', order.market);
  await form.fill(order.amounts);
  const refId = await form.refId().inputValue();
  await form.send();
  await expect(form.result.root).toBeVisible();
  return refId;
}
