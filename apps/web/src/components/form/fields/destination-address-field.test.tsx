import { operations } from '@console/schemas';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { OperationForm } from '../operation-form';
import { Field } from './field';
import { TextField } from './text-field';

const COLD = {
  id: 'c0a1b2c3-d4e5-4f60-8a7b-9c0d1e2f3a01',
  crypto_network: 'ETHEREUM',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
  nickname: 'Cold storage',
  status: 'APPROVED',
  bookmarked: true,
  created_at: '2026-11-01T00:00:00Z',
};

const BOOK_PATH = `/api/svc${operations.listCryptoDestinationAddresses.path}`;
const IDENTITIES_PATH = `/api/svc${operations.listIdentities.path}`;

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  // The book and the identities are answered here; the sends go to `fetchMock`.
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    if (String(url).startsWith(BOOK_PATH)) {
      return Promise.resolve(jsonResponse(200, { data: { addresses: [COLD] } }));
    }
    if (String(url).startsWith(IDENTITIES_PATH)) {
      return Promise.resolve(jsonResponse(200, { data: { identities: [] } }));
    }
    return fetchMock(url, init);
  });
});
afterEach(() => vi.unstubAllGlobals());

function RenameFields() {
  return (
    <>
      <Field name="id" />
      <Field name="crypto_network" />
      <Field name="nickname" />
    </>
  );
}

function FeeFields() {
  return (
    <>
      <TextField name="asset" />
      <Field name="crypto_network" />
      <Field name="destination_address" />
    </>
  );
}

describe('a destination address picked from the book', () => {
  it('named by its id (a rename) leaves the network out, which the service takes instead', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: {}, journal: null }));
    const { user } = renderWithProviders(
      <OperationForm
        operationId="putCryptoDestinationAddress"
        Fields={RenameFields}
        initialInput={{ id: COLD.id, nickname: COLD.nickname }}
      />,
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Address from the book' })).toHaveValue(
        'Cold storage',
      ),
    );
    const nickname = screen.getByLabelText('Nickname');
    await user.clear(nickname);
    await user.type(nickname, 'Cold storage: vault 2');
    await user.click(screen.getByRole('button', { name: 'Save destination address' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)) as Record<string, unknown>;
    expect(body).toEqual({ id: COLD.id, nickname: 'Cold storage: vault 2' });
    expect(screen.queryByText(/not both/)).not.toBeInTheDocument();
  });

  it('sent as the address itself takes its network with it', async () => {
    const { user } = renderWithProviders(
      <OperationForm operationId="createCryptoWithdrawalFee" Fields={FeeFields} />,
    );
    const picker = screen.getByRole('combobox', { name: 'Destination address' });
    await waitFor(() =>
      expect(picker).not.toHaveAttribute('placeholder', expect.stringMatching(/Loading/)),
    );
    await user.type(picker, 'Cold');
    await user.click(await screen.findByRole('option', { name: /^Cold storage/ }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Crypto network' })).toHaveValue('ETHEREUM'),
    );
  });
});
