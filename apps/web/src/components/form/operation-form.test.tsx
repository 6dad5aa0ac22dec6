import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders, withReviewReads } from '@/test/render';
import { Field } from './fields/field';
import { FormSection } from './fields/form-section';
import { TextField } from './fields/text-field';
import { OperationForm } from './operation-form';
import type { Reviewer } from './review';

// Profile ids and the asset as plain text: the shell is under test here, not the pickers (which
// read the service's lists; their own tests and e2e/specs/profiles.spec.ts).
// Features write the real reviews; the shell only needs one to show.
const review: Reviewer = (input) => {
  const amount = { label: 'Amount', value: `${String(input.amount)} ${String(input.asset)}` };
  return {
    leaves: [amount, { label: 'Profile', value: String(input.from_profile_id) }],
    arrives: [amount, { label: 'Profile', value: String(input.to_profile_id) }],
    fee: 'Set by the service',
  };
};

function TransferTestFields() {
  return (
    <>
      <FormSection group="who">
        <TextField name="from_profile_id" />
        <TextField name="to_profile_id" />
      </FormSection>
      <FormSection group="amount">
        <TextField name="asset" />
        <Field name="amount" />
      </FormSection>
      <FormSection group="options">
        <Field name="ref_id" />
        <Field name="metadata" />
      </FormSection>
    </>
  );
}

function DepositTestFields() {
  return (
    <FormSection group="who">
      <TextField name="profile_id" />
      <Field name="crypto_network" />
    </FormSection>
  );
}

const fetchMock = vi.fn<typeof fetch>();
/** What List Transfer Limits answers, which the shell reads before a transfer's review. */
let limits: unknown[] = [];
const LIMITS_PATH = '/api/svc/v2/transfer/limits/utilizations';
beforeEach(() => {
  fetchMock.mockReset();
  limits = [];
  // The limits read is answered here, the review's other reads by `withReviewReads`; every
  // other call goes to `fetchMock`, whose calls the tests count.
  const rest = withReviewReads(fetchMock);
  vi.stubGlobal('fetch', (url: Parameters<typeof fetch>[0], init?: RequestInit) =>
    String(url).startsWith(LIMITS_PATH)
      ? Promise.resolve(jsonResponse(200, { data: { items: limits } }))
      : rest(url, init),
  );
});
afterEach(() => vi.unstubAllGlobals());

const journal = (state: string) => ({
  id: 'j-1',
  operation: 'createInternalTransfer',
  operator: 'fin',
  operator_name: 'Fin Ance',
  ref_id: 'r-1',
  state,
  method: 'POST',
  request_path: '/v2/transfer/internal',
  request_body: '{}',
  body_sha256: 'abc',
  attempts: 1,
  response_status: 403,
  response: null,
  error: null,
  request_id: 'req-1',
  created_at: '2026-11-22T02:00:00Z',
  updated_at: '2026-11-22T02:00:00Z',
  policy_version: null,
});

async function fillTransfer(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.type(screen.getByLabelText('From profile'), 'p-from');
  await user.type(screen.getByLabelText('To profile'), 'p-to');
  await user.type(screen.getByLabelText('Asset'), 'USD');
  await user.type(screen.getByLabelText('Amount'), '125.50');
}

describe('OperationForm', () => {
  it('validates a field when the operator leaves it', async () => {
    const { user } = renderWithProviders(
      <OperationForm
        operationId="createInternalTransfer"
        Fields={TransferTestFields}
        review={review}
      />,
    );
    const amount = screen.getByLabelText('Amount');
    await user.type(amount, '1e5');
    expect(screen.queryByText(/must be a plain decimal/)).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(/Amount must be a plain decimal/)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
  });

  it('moves focus to the first field in error on submit', async () => {
    const { user } = renderWithProviders(
      <OperationForm
        operationId="createInternalTransfer"
        Fields={TransferTestFields}
        review={review}
      />,
    );
    await user.type(screen.getByLabelText('Amount'), '5');
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    await waitFor(() => expect(screen.getByLabelText('From profile')).toHaveFocus());
    expect(screen.getByText('From profile is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reviews a money-moving send, then puts the BFF’s field errors on the fields', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        400,
        {
          type: 'about:blank',
          title: 'Invalid request',
          status: 400,
          detail: 'Some fields are wrong',
          code: 'validation',
          request_id: 'req-9',
          errors: [
            { path: 'to_profile_id', message: 'No profile with this id' },
            {
              path: 'metadata.colour',
              message: 'A metadata value can have at most 100 characters',
            },
          ],
        },
        'application/problem+json',
      ),
    );
    const { user } = renderWithProviders(
      <OperationForm
        operationId="createInternalTransfer"
        Fields={TransferTestFields}
        review={review}
      />,
    );
    await fillTransfer(user);
    const refId = (screen.getByLabelText('Reference id') as HTMLInputElement).value;
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getAllByText('125.50 USD')).toHaveLength(2);
    const sent = within(dialog).getByRole('table', { name: 'Everything that will be sent' });
    expect(within(sent).getByRole('row', { name: 'From profile p-from' })).toBeInTheDocument();
    expect(within(dialog).getAllByText(refId).length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and send' }));

    expect(await screen.findByText('No profile with this id')).toBeInTheDocument();
    const to = screen.getByLabelText('To profile');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(to).toHaveFocus());
    expect(
      screen.getByText('A metadata value can have at most 100 characters'),
    ).toBeInTheDocument();

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/operations/createInternalTransfer');
    expect((init?.headers as Record<string, string>)['X-CSRF']).toBe('1');
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ amount: '125.50', asset: 'USD', from_profile_id: 'p-from' });
    expect(body.ref_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('cannot send twice: one request however fast the clicks', async () => {
    fetchMock.mockReturnValue(new Promise<Response>(() => {}));
    const { user } = renderWithProviders(
      <OperationForm operationId="createDepositAddress" Fields={DepositTestFields} />,
    );
    await user.type(screen.getByLabelText('Profile'), 'p-1');
    await user.click(screen.getByRole('combobox', { name: 'Crypto network' }));
    await user.click(await screen.findByRole('option', { name: 'ETHEREUM' }));
    const submit = screen.getByRole('button', { name: 'Create deposit address' });
    await user.dblClick(submit);
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says what insufficient funds means and retries through the journal, never a new intent', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(403, {
        type: 'about:blank',
        title: 'Refused by the service',
        status: 403,
        detail: 'insufficient funds',
        code: 'upstream',
        request_id: 'req-2',
        upstream: {
          status: 403,
          type: 'https://svc.example/problems/insufficient-funds',
          meta: { profile_id: 'p-from', asset: 'USD', available: '12.00', needed: '125.50' },
        },
        journal: journal('REJECTED'),
      }),
    );
    fetchMock.mockReturnValueOnce(new Promise<Response>(() => {}));
    const { user } = renderWithProviders(
      <OperationForm
        operationId="createInternalTransfer"
        Fields={TransferTestFields}
        review={review}
      />,
    );
    await fillTransfer(user);
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and send' }));
    expect(
      await screen.findByText(
        'Profile p-from has 12.00 USD available; this needs 125.50 USD. Reduce the amount or fund the profile.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/journal/j-1/retry');
    expect(fetchMock.mock.calls[1]![1]?.method).toBe('POST');
  });

  it('shows the answer as a result card after a send', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, {
        data: {
          id: 't-1',
          customer_id: 'c-1',
          profile_id: 'p-from',
          amount: '125.50',
          total: '125.75',
          fee: '0.25',
          asset: 'USD',
          direction: 'DEBIT',
          type: 'INTERNAL_TRANSFER_DEBIT',
          status: 'SETTLING',
          created_at: '2026-11-22T02:00:00Z',
          updated_at: '2026-11-22T02:00:00Z',
          policy_version: null,
        },
        journal: { ...journal('SUCCEEDED'), response_status: 200 },
      }),
    );
    const { user } = renderWithProviders(
      <OperationForm
        operationId="createInternalTransfer"
        Fields={TransferTestFields}
        review={review}
      />,
    );
    await fillTransfer(user);
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm and send' }));
    const card = await screen.findByRole('region', { name: 'Result' });
    expect(within(card).getAllByText('SETTLING (unknown)').length).toBeGreaterThan(0);
    // One status up top (the record's); the journal's outcome in words, below, labelled.
    expect(within(card).getByText('Succeeded')).toBeInTheDocument();
    expect(within(card).queryByText('SUCCEEDED')).not.toBeInTheDocument();
    expect(within(card).getByRole('heading', { name: /answer/ })).toHaveFocus();
    expect(within(card).getByRole('button', { name: 'Copy Id' })).toBeInTheDocument();
    expect(within(card).getAllByText('USD').length).toBeGreaterThan(0);
  });
});

describe('a transfer limit at review', () => {
  const daily = (remaining: string) => ({
    id: 'l-1',
    rule_id: 'r-1',
    transfer_types: ['INTERNAL_TRANSFER_DEBIT'],
    period_seconds: '86400',
    limit: '2000000.00',
    remaining,
    limit_asset: 'USD',
  });

  it('opens the review for exactly what remains', async () => {
    limits = [daily('125.50')];
    const { user } = renderWithProviders(
      <OperationForm operationId="createInternalTransfer" Fields={TransferTestFields} />,
    );
    await fillTransfer(user);
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('refuses one cent more, naming the limit and what is left beside the amount', async () => {
    limits = [daily('125.49')];
    const { user } = renderWithProviders(
      <OperationForm operationId="createInternalTransfer" Fields={TransferTestFields} />,
    );
    await fillTransfer(user);
    await user.click(screen.getByRole('button', { name: 'Review and send' }));
    const amount = screen.getByLabelText('Amount');
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText(
        '125.50 USD is more than the limit of 2,000,000.00 USD a day on internal transfers allows: 125.49 USD is left',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('leaving a form', () => {
  const render = () =>
    renderWithProviders(
      <OperationForm operationId="createInternalTransfer" Fields={TransferTestFields} />,
    );

  it('asks before a half-filled form is left, and stays when asked to', async () => {
    const { user, router } = render();
    await user.type(screen.getByLabelText('Amount'), '12');
    void router.navigate('/elsewhere');
    const dialog = await screen.findByRole('dialog', { name: 'Leave this form?' });
    expect(dialog).toHaveTextContent('What you typed has not been sent');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on the form' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Amount')).toHaveValue('12');

    void router.navigate('/elsewhere');
    await user.click(await screen.findByRole('button', { name: 'Leave the form' }));
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });

  it('lets an untouched form go without asking, and never holds up the way to sign-in', async () => {
    const { user, router } = render();
    void router.navigate('/elsewhere');
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();

    const second = render();
    await second.user.type(screen.getAllByLabelText('Amount').at(-1)!, '5');
    void second.router.navigate('/sign-in?next=%2F');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/sign-in'));
    expect(screen.queryByRole('dialog', { name: 'Leave this form?' })).not.toBeInTheDocument();
    void user;
  });
});
