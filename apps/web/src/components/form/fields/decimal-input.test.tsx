import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { OperationForm } from '../operation-form';
import { DecimalInput } from './decimal-input';
import { Field } from './field';
import { TextField } from './text-field';

function Standalone({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <DecimalInput
      label="Amount"
      asset="ETH"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

// The asset and the address as plain text: the decimal field is under test here, not the
// pickers (asset-field.test.tsx, destination-address-field.test.tsx).
function FeeFields() {
  return (
    <>
      <TextField name="asset" />
      <Field name="crypto_network" />
      <TextField name="destination_address" />
      <Field name="amount" />
    </>
  );
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('DecimalInput', () => {
  it('is a text input for decimals, never a number input', () => {
    renderWithProviders(<Standalone onChange={() => {}} />);
    const input = screen.getByLabelText('Amount');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(screen.getByText('ETH')).toBeInTheDocument();
  });

  it.each(['0.000000000000000001', '1.50', '123456789012345678901234567890.5'])(
    'keeps %s exactly as typed',
    async (typed) => {
      const onChange = vi.fn();
      const { user } = renderWithProviders(<Standalone onChange={onChange} />);
      await user.type(screen.getByLabelText('Amount'), typed);
      expect(screen.getByLabelText('Amount')).toHaveValue(typed);
      expect(onChange).toHaveBeenLastCalledWith(typed);
    },
  );
});

describe('DecimalInput with pasted or grouped amounts', () => {
  it('takes a pasted "1,234.50" as 1234.50 and says so beneath the field', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Standalone onChange={onChange} />);
    const input = screen.getByLabelText('Amount');
    await user.click(input);
    await user.paste('1,234.50');
    expect(input).toHaveValue('1234.50');
    expect(onChange).toHaveBeenLastCalledWith('1234.50');
    expect(input).toHaveAccessibleDescription(/Read “1,234.50” as 1234.50/);
  });

  it('normalises "1 234.50" typed with spaces when leaving the field', async () => {
    const { user } = renderWithProviders(<Standalone onChange={() => {}} />);
    const input = screen.getByLabelText('Amount');
    await user.type(input, '1 234.50');
    expect(input).toHaveValue('1 234.50');
    await user.tab();
    expect(input).toHaveValue('1234.50');
    expect(screen.getByText('Read “1 234.50” as 1234.50')).toBeInTheDocument();
    await user.type(input, '1');
    expect(screen.queryByText(/Read “/)).not.toBeInTheDocument();
  });
});

describe('Decimal field in a form', () => {
  it.each(['1e5', '-1', '1,5', '1.'])('rejects %s beside the field', async (typed) => {
    const { user } = renderWithProviders(
      <OperationForm operationId="createCryptoWithdrawalFee" Fields={FeeFields} />,
    );
    await user.type(screen.getByLabelText('Amount'), typed);
    await user.tab();
    expect(await screen.findByText(/Amount must be a plain decimal/)).toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveValue(typed);
  });

  it('shows the asset named by the asset field', async () => {
    const { user } = renderWithProviders(
      <OperationForm operationId="createCryptoWithdrawalFee" Fields={FeeFields} />,
    );
    await user.type(screen.getByLabelText('Asset'), 'BTC');
    expect(screen.getByText('BTC')).toBeInTheDocument();
  });

  it('sends "0.000000000000000001" and "1.50" as the exact text', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: {}, journal: null }));
    for (const typed of ['0.000000000000000001', '1.50']) {
      fetchMock.mockClear();
      const { user, unmount } = renderWithProviders(
        <OperationForm operationId="createCryptoWithdrawalFee" Fields={FeeFields} />,
      );
      await user.type(screen.getByLabelText('Asset'), 'ETH');
      await user.click(screen.getByRole('combobox', { name: 'Crypto network' }));
      await user.click(await screen.findByRole('option', { name: 'ETHEREUM' }));
      await user.type(screen.getByLabelText('Destination address'), '0xabc');
      await user.type(screen.getByLabelText('Amount'), typed);
      await user.click(screen.getByRole('button', { name: 'Quote crypto withdrawal fee' }));
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)) as Record<string, unknown>;
      expect(body.amount).toBe(typed);
      expect(body).toEqual({
        asset: 'ETH',
        crypto_network: 'ETHEREUM',
        destination_address: '0xabc',
        amount: typed,
      });
      unmount();
    }
  });
});
