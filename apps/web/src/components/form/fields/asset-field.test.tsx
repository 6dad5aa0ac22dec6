import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, withReviewReads } from '@/test/render';
import { OperationForm } from '../operation-form';
import { AssetField } from './asset-field';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    withReviewReads(vi.fn<typeof fetch>(async () => jsonResponse(200, { data: { items: [] } }))),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Fields() {
  return <AssetField name="asset" required />;
}

describe('the asset picker, searched by typing (issue 60, item 9)', () => {
  it.each([
    { typed: 'USD', shown: ['USD', 'USDP'], hidden: ['BTC', 'EUR'] },
    { typed: 'us', shown: ['USD', 'USDP'], hidden: ['BTC', 'ETH'] },
    { typed: 'BT', shown: ['BTC'], hidden: ['USD'] },
  ])('typing $typed narrows the list', async ({ typed, shown, hidden }) => {
    const { user } = renderWithProviders(
      <OperationForm operationId="createInternalTransfer" Fields={Fields} />,
    );
    const picker = screen.getByRole('combobox', { name: 'Asset' });
    await user.type(picker, typed);
    const list = await screen.findByRole('listbox');
    const names = within(list)
      .getAllByRole('option')
      .map((o) => o.textContent ?? '');
    for (const code of shown) expect(names.some((n) => n.startsWith(code))).toBe(true);
    for (const code of hidden) expect(names.some((n) => n.startsWith(code))).toBe(false);
  });

  it('takes a code typed whole, and a pick of another shows every asset again', async () => {
    const { user } = renderWithProviders(
      <OperationForm operationId="createInternalTransfer" Fields={Fields} />,
    );
    const picker = screen.getByRole('combobox', { name: 'Asset' });
    await user.type(picker, 'USD');
    expect(picker).toHaveValue('USD');
    await user.click(await screen.findByRole('option', { name: /^USDP/ }));
    expect(picker).toHaveValue('USDP');
  });
});
