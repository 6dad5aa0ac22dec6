import type { BatchCheck } from '@console/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batch, batchCheck, checkedRow } from '@/test/batch-fixtures';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { NewBatchForm } from './new-batch-form';

const fetchMock = vi.fn<typeof fetch>();
let posts: { url: string; body: Record<string, unknown> }[] = [];
/** The BFF's answers: the check's (by the mapping sent, when a test needs two) and the create's. */
let checkAnswer: (body: Record<string, unknown>) => BatchCheck;
let createAnswer: () => Response;

beforeEach(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
  }
  posts = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    if (init?.method === 'POST') posts.push({ url, body });
    if (url === '/api/batches/check') return jsonResponse(200, checkAnswer(body));
    if (url === '/api/batches') return createAnswer();
    return jsonResponse(404, { title: 'Not found', status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const problem = (status: number, over: Record<string, unknown>) =>
  jsonResponse(
    status,
    {
      type: '/problems/x',
      title: 'Refused',
      status,
      detail: 'Refused.',
      code: 'validation',
      request_id: 'req-9',
      ...over,
    },
    'application/problem+json',
  );

const CSV = 'from,to,asset,amount\ntreasury,payouts,USD,10.00\ntreasury,payouts,USD,1e3\n';
const csvFile = (text = CSV) => new File([text], 'payouts.csv', { type: 'text/csv' });

const TWO_ROWS = batchCheck({
  rows: [
    checkedRow(1, { from: 'treasury', to: 'payouts', asset: 'USD', amount: '10.00' }),
    checkedRow(2, { from: 'treasury', to: 'payouts', asset: 'USD', amount: '1e3' }, [
      { column: 'amount', field: 'amount', message: 'Write the amount as digits: 1000' },
      { column: null, field: null, message: 'Row 2 repeats row 1 with another amount' },
    ]),
  ],
  valid_rows: 1,
  invalid_rows: 1,
  totals: [{ asset: 'USD', amount: '10.00', rows: 1 }],
  by_destination: [{ asset: 'USD', amount: '10.00', rows: 1, destination: 'p-payouts' }],
});

async function uploadAndCheck(
  user: ReturnType<typeof renderWithProviders>['user'],
  file = csvFile(),
) {
  await user.upload(screen.getByLabelText('CSV file'), file);
  await user.click(screen.getByRole('button', { name: 'Check the rows' }));
}

describe('a new batch', () => {
  it('refuses a file that is not UTF-8 beside the file input, and posts nothing', async () => {
    checkAnswer = () => TWO_ROWS;
    const { user } = renderWithProviders(<NewBatchForm />);
    await uploadAndCheck(
      user,
      new File([new Uint8Array([0x6e, 0x61, 0xef, 0x76, 0x65])], 'latin1.csv'),
    );
    const input = screen.getByLabelText('CSV file');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(/not UTF-8 text/);
    expect(input).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a file name outside the safe set beside the file input, and posts nothing', async () => {
    checkAnswer = () => TWO_ROWS;
    const { user } = renderWithProviders(<NewBatchForm />);
    const name =
      'payouts <!channel> <https://evil.example/approve?batch=1|Approve this batch here>.csv';
    await uploadAndCheck(user, new File([CSV], name, { type: 'text/csv' }));
    const input = screen.getByLabelText('CSV file');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(/letters, digits, spaces .* only: rename the file/);
    expect(input).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a file no payout file is (a header of thousands of columns) beside the file input, and posts nothing', async () => {
    checkAnswer = () => TWO_ROWS;
    const { user } = renderWithProviders(<NewBatchForm />);
    await uploadAndCheck(user, new File([`${','.repeat(5_000)}\n`], 'wide.csv'));
    const input = screen.getByLabelText('CSV file');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(
      /The header has 5,001 columns; a batch file has at most 64/,
    );
    expect(input).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a typed name outside the safe set beside the name, and posts nothing', async () => {
    checkAnswer = () => TWO_ROWS;
    const { user } = renderWithProviders(<NewBatchForm />);
    await user.click(screen.getByRole('radio', { name: 'Paste rows' }));
    await user.type(screen.getByRole('textbox', { name: /^Rows/ }), 'from,to{Enter}a,b');
    const name = screen.getByRole('textbox', { name: /Name for these rows/ });
    await user.clear(name);
    await user.type(name, 'march <!here>');
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(/only: rename the file/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the BFF’s refusal of the file name (400 naming file_name) beside the file input', async () => {
    const { user } = renderWithProviders(<NewBatchForm />);
    fetchMock.mockImplementation(async () =>
      problem(400, { errors: [{ path: 'file_name', message: 'Rename the file, please.' }] }),
    );
    await uploadAndCheck(user);
    const input = screen.getByLabelText('CSV file');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(/Rename the file, please\./);
  });

  it('posts the operation, the file’s name and its text as decoded, and offers the registry’s titles', async () => {
    checkAnswer = () => TWO_ROWS;
    const { user } = renderWithProviders(<NewBatchForm />);
    const operation = screen.getByRole('combobox', { name: /Operation/ });
    expect(
      within(operation)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Create internal transfer', 'Create svc transfer', 'Create orchestration']);
    await uploadAndCheck(user, new File([new Uint8Array([0xef, 0xbb, 0xbf]), CSV], 'payouts.csv'));
    await screen.findByRole('heading', { name: 'Checked: payouts.csv' });
    expect(posts).toEqual([
      {
        url: '/api/batches/check',
        body: { operation: 'createInternalTransfer', file_name: 'payouts.csv', text: CSV },
      },
    ]);
  });

  it('asks for a mapping when the columns are not the fields, checks again with it, and says when one was remembered', async () => {
    const columns = ['Payer', 'Payee', 'Ccy', 'Sum'];
    checkAnswer = (body) =>
      body.mapping
        ? { ...TWO_ROWS, columns, mapping: body.mapping as Record<string, string> }
        : batchCheck({
            columns,
            mapping: { Payer: '', Payee: '', Ccy: '', Sum: '' },
            mapping_needed: true,
          });
    const { user } = renderWithProviders(<NewBatchForm />);
    await uploadAndCheck(user);

    const heading = await screen.findByRole('heading', { name: 'Map the columns' });
    await waitFor(() => expect(heading).toHaveFocus());
    const payer = screen.getByRole('combobox', { name: 'Column “Payer”' });
    expect(
      within(payer)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Leave out',
      'From profile (required) · id or profile nickname',
      'To profile (required) · id or profile nickname',
      'Asset (required)',
      'Amount (required)',
      'Reason',
    ]);
    expect(
      screen.getByText(/Required fields without a column: From profile, To profile/),
    ).toBeInTheDocument();
    await user.selectOptions(payer, 'from_profile_id');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Column “Payee”' }),
      'to_profile_id',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Column “Ccy”' }), 'asset');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Column “Sum”' }), 'amount');
    expect(screen.getByText('Every required field has a column.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check again with this mapping' }));

    await screen.findByRole('table', { name: 'Checked rows' });
    expect(posts[1]!.body.mapping).toEqual({
      Payer: 'from_profile_id',
      Payee: 'to_profile_id',
      Ccy: 'asset',
      Sum: 'amount',
    });
    expect(
      screen.queryByText(/mapped them for a file with this header before/),
    ).not.toBeInTheDocument();

    // The next file with that header: the BFF remembered the mapping, and the page says so.
    checkAnswer = () => ({ ...TWO_ROWS, columns, mapping_remembered: true });
    await user.click(screen.getByRole('button', { name: 'Check the rows' }));
    expect(
      await screen.findByText(/mapped them for a file with this header before/),
    ).toBeInTheDocument();
  });

  it('shows each problem in its cell and for its row, and submits only once every bad row is excluded', async () => {
    checkAnswer = () => TWO_ROWS;
    createAnswer = () => jsonResponse(201, batch({ id: 'b-42' }));
    const { user, router } = renderWithProviders(<NewBatchForm />, '/batches?new=1');
    await uploadAndCheck(user);

    const table = await screen.findByRole('table', { name: 'Checked rows' });
    const amount = within(table).getByRole('cell', { name: /1e3/ });
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Write the amount as digits: 1000');
    expect(within(table).getByRole('list', { name: 'Problems of row 2' })).toHaveTextContent(
      'amount: Write the amount as digits: 1000Row 2 repeats row 1 with another amount',
    );
    expect(within(table).getAllByRole('checkbox')).toHaveLength(1);
    expect(screen.getByLabelText('Row counts')).toHaveTextContent(
      '2 rows: 1 valid, 1 with problems.',
    );
    expect(screen.getByRole('table', { name: 'Totals per asset' })).toHaveTextContent('USD10.001');

    const submit = screen.getByRole('button', { name: 'Submit for approval' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(/1 row with problems: fix it in the file/);

    await user.click(within(table).getByRole('checkbox', { name: 'Exclude row 2' }));
    expect(submit).toBeEnabled();
    expect(screen.getByLabelText('Row counts')).toHaveTextContent('1 excluded');
    await user.click(submit);

    await waitFor(() => expect(router.state.location.pathname).toBe('/batches/b-42'));
    expect(posts[1]).toEqual({
      url: '/api/batches',
      body: {
        operation: 'createInternalTransfer',
        file_name: 'payouts.csv',
        text: CSV,
        exclude_rows: [2],
      },
    });
  });

  it('pages the checked rows fifty at a time and searches them', async () => {
    const rows = Array.from({ length: 120 }, (_, i) =>
      checkedRow(i + 1, { from: 'treasury', to: `payee-${i + 1}`, asset: 'USD', amount: '1.00' }),
    );
    checkAnswer = () => batchCheck({ rows, valid_rows: 120 });
    const { user } = renderWithProviders(<NewBatchForm />);
    await uploadAndCheck(user);
    const table = await screen.findByRole('table', { name: 'Checked rows' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(screen.getByText('Rows 1–50 of 120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Rows 51–100 of 120')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Search rows/ }), 'payee-117');
    expect(screen.getByText('Rows 1–1 of 1 (of 120 in the file)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit for approval' })).toBeEnabled();
  });

  it('puts the problems of a 422 in their cells and brings the operator to the first of them', async () => {
    const rows = Array.from({ length: 60 }, (_, i) =>
      checkedRow(i + 1, { from: 'treasury', to: 'payouts', asset: 'USD', amount: `${i + 1}.00` }),
    );
    checkAnswer = () => batchCheck({ rows, valid_rows: 60 });
    createAnswer = () =>
      problem(422, {
        detail: 'Some rows cannot be sent.',
        errors: [{ path: 'rows.55.amount', message: 'More than the balance of treasury' }],
      });
    const { user } = renderWithProviders(<NewBatchForm />);
    await uploadAndCheck(user);
    await screen.findByRole('table', { name: 'Checked rows' });
    await user.type(screen.getByRole('textbox', { name: /Search rows/ }), '3');
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));

    const cell = await screen.findByRole('cell', { name: /55\.00/ });
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    expect(cell).toHaveAccessibleDescription('More than the balance of treasury');
    await waitFor(() => expect(cell).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Rows with problems: 55');
    expect(screen.getByText('Rows 51–60 of 60')).toBeInTheDocument();
    // The row the BFF refused is a row with a problem now: excluded, or the file fixed.
    expect(screen.getByRole('button', { name: 'Submit for approval' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Exclude row 55' }));
    expect(screen.getByRole('button', { name: 'Submit for approval' })).toBeEnabled();
  });

  it('links the batch that holds the same rows, shown by the check and by a 409 on submit', async () => {
    checkAnswer = () => ({
      ...TWO_ROWS,
      rows: TWO_ROWS.rows.slice(0, 1),
      already_uploaded: {
        batch_id: 'b-7',
        state: 'done',
        file_name: 'payouts-october.csv',
        created_at: '2026-11-20T09:00:00Z',
        created_by: 'fin',
        created_by_name: 'Fin Finance',
        same_order: false,
      },
      changes: {
        earlier_batch_id: 'b-6',
        earlier_state: 'cancelled',
        added: [3],
        removed: [],
        changed: [1, 2],
      },
    });
    createAnswer = () =>
      problem(409, {
        code: 'batch-already-uploaded',
        detail: 'These rows were uploaded before.',
        batch_id: 'b-7',
      });
    const { user } = renderWithProviders(<NewBatchForm />);
    await uploadAndCheck(user);
    expect(await screen.findByRole('link', { name: 'batch b-7' })).toHaveAttribute(
      'href',
      '/batches/b-7',
    );
    // The same rows in another order (issue 64): the earlier batch's name, uploader and time.
    expect(
      screen.getByText(
        /The same rows, in another order, are .*payouts-october\.csv, uploaded by Fin Finance \(fin\)/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/1 row added \(3\); 2 rows changed \(1, 2\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    const alert = await screen.findByRole('alert', { name: 'Already uploaded' });
    expect(within(alert).getByRole('link', { name: 'Open batch b-7' })).toHaveAttribute(
      'href',
      '/batches/b-7',
    );
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('says what is wrong with the file as a whole, and offers no submit', async () => {
    checkAnswer = () => batchCheck({ file_errors: ['The file has 10 001 rows; at most 10 000.'] });
    const { user } = renderWithProviders(<NewBatchForm />);
    await uploadAndCheck(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file has 10 001 rows; at most 10 000.',
    );
    expect(screen.getByRole('button', { name: 'Submit for approval' })).toBeDisabled();
  });

  it('offers no submit while the file as a whole has a problem, even with valid rows', async () => {
    checkAnswer = () => ({
      ...TWO_ROWS,
      rows: TWO_ROWS.rows.slice(0, 1),
      file_errors: ['The batch’s USD total is above the limit for one upload'],
    });
    const { user } = renderWithProviders(<NewBatchForm />);
    await uploadAndCheck(user);
    await screen.findByRole('table', { name: 'Checked rows' });
    const submit = screen.getByRole('button', { name: 'Submit for approval' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(/The file as a whole has problems/);
  });
});
