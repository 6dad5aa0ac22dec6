import { operations, type AwaitingApprovalResult } from '@console/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { journalEntry } from '@/test/fixtures';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { AddDestinationForm } from './add-destination-form';

const PROFILES_PATH = `/api/svc${operations.listProfiles.path}`;
const ADDRESS_BOOK_PATH = `/api/svc${operations.listCryptoDestinationAddresses.path}`;
const COLD = '0x52908400098527886E0F7030069857D2E4169EE7';
const PAYOUTS = '5b0a6a2e-0d4c-4f0e-9a51-6a1c2b3d4e07';

const proposals: unknown[] = [];
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  proposals.length = 0;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') {
      proposals.push(JSON.parse(String(init.body)));
      const held: AwaitingApprovalResult = {
        journal: journalEntry({ id: 'j-new', operation: 'addAllowedDestination' }),
        approval: {
          required: true,
          approvers_needed: 1,
          eligible_roles: ['finance'],
          expires_at: '2030-01-01T00:00:00Z',
        },
      };
      return jsonResponse(202, held);
    }
    if (url.startsWith(ADDRESS_BOOK_PATH)) {
      return jsonResponse(200, {
        data: {
          addresses: [
            { id: 'a-cold', crypto_network: 'ETHEREUM', address: COLD, nickname: 'Cold wallet' },
          ],
        },
      });
    }
    if (url.startsWith(PROFILES_PATH)) {
      return jsonResponse(200, {
        data: { items: [{ id: PAYOUTS, nickname: 'Payouts', type: 'STANDARD' }] },
      });
    }
    return jsonResponse(200, { data: { items: [] } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the book entry proposal form (issue 66)', () => {
  it.each([
    // [kind, the field's label, picked from a list]
    ['own-profile', 'Profile', true],
    ['fiat-account', 'Fiat account', true],
    ['counterparty-profile', 'Profile id', false],
    ['crypto-address', 'Address', false],
  ])('offers a %s as %s, picked: %s', async (kind, label, picked) => {
    renderWithProviders(<AddDestinationForm />);
    const form = screen.getByRole('form', { name: 'Add to the book' });
    await userEvent.selectOptions(within(form).getByLabelText('Kind'), kind);
    expect(
      within(form).getByLabelText(new RegExp(`^${label}`), { selector: 'input' }),
    ).toBeVisible();
    // A picker says it searches by name; a typed id says why it is typed.
    const search = within(form).queryByText('Pick by name: type to search names and ids.');
    expect(search !== null).toBe(picked);
  });

  it('picks one of our profiles by its nickname and proposes its id', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddDestinationForm />);
    const form = screen.getByRole('form', { name: 'Add to the book' });
    await user.selectOptions(within(form).getByLabelText('Kind'), 'own-profile');
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(
        expect.stringContaining(PROFILES_PATH),
        expect.anything(),
      ),
    );
    await user.type(within(form).getByLabelText(/^Profile/, { selector: 'input' }), 'Pay');
    await user.click(await screen.findByRole('option', { name: 'Payouts' }));
    expect(within(form).getByLabelText('Profile, chosen')).toHaveTextContent(PAYOUTS);
    await user.type(within(form).getByLabelText(/^Name/), 'Payouts');
    await user.type(within(form).getByLabelText(/^Reason/), 'Weekly float');
    await user.click(within(form).getByRole('button', { name: 'Propose for approval' }));
    await waitFor(() => expect(proposals).toHaveLength(1));
    expect(proposals[0]).toEqual({
      target: { kind: 'own-profile', profile_id: PAYOUTS },
      name: 'Payouts',
      reason: 'Weekly float',
    });
  });

  it('takes an address of the address book over, its network and nickname with it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AddDestinationForm />);
    const form = screen.getByRole('form', { name: 'Add to the book' });
    await user.selectOptions(within(form).getByLabelText('Kind'), 'crypto-address');
    await user.click(await within(form).findByRole('combobox', { name: 'From the address book' }));
    await user.click(await screen.findByRole('option', { name: /^Cold wallet · ETHEREUM/ }));
    expect(within(form).getByLabelText('Network')).toHaveValue('ETHEREUM');
    expect(within(form).getByLabelText(/^Address/, { selector: 'input' })).toHaveValue(COLD);
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Cold wallet');
    await user.type(within(form).getByLabelText(/^Reason/), 'Treasury cold storage');
    await user.click(within(form).getByRole('button', { name: 'Propose for approval' }));
    await waitFor(() => expect(proposals).toHaveLength(1));
    expect(proposals[0]).toEqual({
      target: { kind: 'crypto-address', network: 'ETHEREUM', address: COLD },
      name: 'Cold wallet',
      reason: 'Treasury cold storage',
    });
  });
});
