import type { Batch, BatchRow, SessionInfo } from '@console/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/lib/session';
import { batch, counts, HASH } from '@/test/batch-fixtures';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { BatchPage } from './batch-page';

const download = vi.hoisted(() => vi.fn());
vi.mock('@/lib/download', () => ({ downloadText: download }));

const fetchMock = vi.fn<typeof fetch>();
let current: Batch;
let me: SessionInfo;
let posts: { url: string; body: unknown }[] = [];
let rowQueries: string[] = [];

const row = (n: number, over: Partial<BatchRow> = {}): BatchRow => ({
  row: n,
  state: 'succeeded',
  cells: { to: `payee-${n}`, amount: '10.00' },
  body: {},
  ref_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  journal_id: `j-${n}`,
  service_id: `t-${n}`,
  error: null,
  ...over,
});

beforeEach(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
  }
  posts = [];
  rowQueries = [];
  download.mockReset();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      if (url.endsWith('/approve')) current = { ...current, state: 'sending' };
      if (url.endsWith('/cancel')) current = { ...current, state: 'cancelled' };
      return jsonResponse(200, current);
    }
    if (url.startsWith('/api/batches/b-1/rows')) {
      rowQueries.push(url);
      return jsonResponse(200, {
        items: [
          row(1),
          row(2, { state: 'failed', error: 'Not enough USD on treasury' }),
          // A row left out at upload: the batch keeps its number and why, no cell.
          row(3, {
            state: 'excluded',
            cells: {},
            body: null,
            ref_id: null,
            journal_id: null,
            service_id: null,
            error: 'Excluded at upload.',
          }),
        ],
        total: 3,
        offset: 0,
      });
    }
    if (url === '/api/batches/b-1/results') {
      return jsonResponse(200, { filename: 'payouts-november-results.csv', csv: 'to,ref_id\n' });
    }
    if (url === '/api/session') return jsonResponse(200, me);
    if (url === '/api/batches/b-1') return jsonResponse(200, current);
    return jsonResponse(404, { title: 'Not found', status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const as = (username: string, role: SessionInfo['operator']['role']): SessionInfo => ({
  operator: { username, display_name: username, role },
  operations: [],
  expires_at: '2026-11-27T12:00:00Z',
  ends_at: '2026-11-27T18:00:00Z',
});

/** The page under its own route, as the app has it, so that it reads the batch's id from the path. */
function renderAs(operator: SessionInfo, shown: Batch) {
  me = operator;
  current = shown;
  const view = renderWithProviders(
    <Routes>
      <Route path="/batches/:id" element={<BatchPage />} />
    </Routes>,
    '/batches/b-1',
  );
  view.client.setQueryData(SESSION_KEY, me);
  return view;
}

describe('the page of a batch', () => {
  it('shows the batch, focuses its heading, and offers the approver Approve with the rows hash, short', async () => {
    const { user } = renderAs(as('ada', 'admin'), batch());
    const heading = await screen.findByRole('heading', { name: 'Batch: payouts-november.csv' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('list', { name: 'Requirements' })).toHaveTextContent(
      '1 approval by finance or admin, for rows 1, 2, 3: 0 of 1 given',
    );
    expect(screen.getByRole('table', { name: 'Largest row per asset' })).toHaveTextContent(
      '1,000,000.00',
    );
    expect(
      screen.getByRole('table', { name: 'Totals per asset' }).querySelector('[data-exact]'),
    ).toHaveAttribute('data-exact', '1234567.89');

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the batch?' });
    expect(dialog).toHaveTextContent('rows hash ab12cd34ef56.');
    expect(dialog).toHaveTextContent('Yours is the last approval it needs');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/api/batches/b-1/approve', body: { rows_hash: HASH } }]),
    );
    expect(await screen.findByText('Sending')).toBeInTheDocument();
  });

  it('lists every requirement the batch waits for, each with its roles: a finance approval is not the last when an admin is asked', async () => {
    const { user } = renderAs(
      as('fay', 'finance'),
      batch({
        approvals_required: 2,
        requirements: [
          {
            approvals_required: 1,
            approver_roles: ['admin'],
            escalation: null,
            asked_by: 'row 1',
            given: 0,
            met: false,
          },
          {
            approvals_required: 2,
            approver_roles: ['finance', 'admin'],
            escalation: null,
            asked_by: 'row 2; the total of USD',
            given: 1,
            met: false,
          },
        ],
      }),
    );
    await screen.findByRole('heading', { name: 'Batch: payouts-november.csv' });
    const items = within(screen.getByRole('list', { name: 'Requirements' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      '1 approval by admin, for row 1: 0 of 1 given',
      '2 approvals from different operators by finance or admin, for row 2; the total of USD: 1 of 2 given',
    ]);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the batch?' });
    expect(dialog).not.toHaveTextContent('Yours is the last approval it needs');
    expect(dialog).toHaveTextContent('one more approval by admin (row 1)');
  });

  it('offers the uploader neither Approve nor Reject, says why (four-eyes), and lets them withdraw it', async () => {
    const { user } = renderAs(as('fin', 'finance'), batch({ created_by: 'fin' }));
    await screen.findByRole('heading', { name: 'Batch: payouts-november.csv' });
    expect(screen.getByText(/You uploaded it: four-eyes means someone else/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw the batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the batch' });
    expect(dialog).toHaveTextContent('Nothing of it has been sent, and none of its rows will be.');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong file');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/api/batches/b-1/cancel', body: { reason: 'Wrong file' } }]),
    );
    expect(await screen.findByText('Stopped: rows not yet sent were not sent')).toBeInTheDocument();
  });

  it.each([
    ['done', counts({ succeeded: 3 }), '3 of 3 sent'],
    ['cancelled', counts({ succeeded: 1, not_sent: 2 }), '1 of 3 sent · stopped'],
  ] as const)('keeps the bar once %s, at where the sending ended', async (state, c, words) => {
    renderAs(as('ada', 'admin'), batch({ state, counts: c }));
    expect(await screen.findByRole('progressbar', { name: words })).toBeInTheDocument();
  });

  it('shows no bar before approval', async () => {
    renderAs(as('ada', 'admin'), batch());
    await screen.findByRole('heading', { name: 'Batch: payouts-november.csv' });
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Rows per state')).toHaveTextContent('3 waiting');
  });

  it('offers an auditor no action, only the reading and the results', async () => {
    renderAs(
      as('aud', 'auditor'),
      batch({ state: 'sending', counts: counts({ waiting: 2, succeeded: 1 }) }),
    );
    await screen.findByRole('heading', { name: 'Batch: payouts-november.csv' });
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download results' })).toBeInTheDocument();
  });

  it('shows the sending as a progress bar of rows, counts per state and why it waits', async () => {
    renderAs(
      as('ada', 'admin'),
      batch({
        state: 'sending',
        row_count: 500,
        counts: counts({
          succeeded: 300,
          failed: 2,
          unknown: 1,
          sent: 9,
          waiting: 176,
          excluded: 12,
        }),
        waiting_for: 'The service answered 429: resuming in 2 seconds',
      }),
    );
    const bar = await screen.findByRole('progressbar', { name: '312 of 488 sent' });
    expect(bar).toHaveAttribute('aria-valuenow', '312');
    expect(bar).toHaveAttribute('aria-valuemax', '488');
    expect(screen.getByLabelText('Rows per state')).toHaveTextContent(
      '300 succeeded, 2 failed, 1 outcome unknown, 9 sent, no answer yet, 176 waiting, 12 left out at upload',
    );
    expect(
      screen.getByText('Waiting: The service answered 429: resuming in 2 seconds'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('keeps itself current while sending: the bar and the rows follow the batch', async () => {
    renderAs(
      as('ada', 'admin'),
      batch({ state: 'sending', counts: counts({ succeeded: 1, waiting: 2 }) }),
    );
    await screen.findByRole('progressbar', { name: '1 of 3 sent' });
    const readsOfRows = rowQueries.length;
    current = { ...current, counts: counts({ succeeded: 2, waiting: 1 }) };
    expect(
      await screen.findByRole('progressbar', { name: '2 of 3 sent' }, { timeout: 5000 }),
    ).toHaveAttribute('aria-valuenow', '2');
    await waitFor(() => expect(rowQueries.length).toBeGreaterThan(readsOfRows));
    const poll = fetchMock.mock.calls.find(([url]) => String(url) === '/api/batches/b-1');
    expect((poll![1]!.headers as Record<string, string>)['X-Console-Background']).toBe('1');
  });

  it('rejects with the reason the approver gives', async () => {
    const { user } = renderAs(as('ada', 'admin'), batch());
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the batch' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'Duplicate of the October run',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { url: '/api/batches/b-1/reject', body: { reason: 'Duplicate of the October run' } },
      ]),
    );
  });

  it('stops the rows not yet sent only with a reason, in words that undo nothing', async () => {
    const { user } = renderAs(
      as('ada', 'admin'),
      batch({ state: 'paused', counts: counts({ succeeded: 1, waiting: 2 }) }),
    );
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stop sending the rows not yet sent' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Stop sending the rows not yet sent',
    });
    expect(dialog).toHaveTextContent(
      'The 2 rows not yet sent will not be sent. Rows already sent stay as they are: this does not undo them.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stop sending' }));
    expect(posts).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong month');
    await user.click(within(dialog).getByRole('button', { name: 'Stop sending' }));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/api/batches/b-1/cancel', body: { reason: 'Wrong month' } }]),
    );
    expect(await screen.findByText('Stopped: rows not yet sent were not sent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  });

  it('lists the rows with their state, journal entry, ref_id, service id and error, searched on the BFF', async () => {
    const { user } = renderAs(
      as('ada', 'admin'),
      batch({ state: 'done', counts: counts({ succeeded: 1, failed: 1 }) }),
    );
    const table = await screen.findByRole('table', { name: 'Rows of the batch' });
    const rows = within(table).getAllByRole('row');
    // The file's columns in the file's order, whatever order the row's cells come in.
    const titles = within(rows[0]!)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(titles.slice(2, 4)).toEqual(['“amount”', '“to”']);
    expect(rows[2]).toHaveTextContent('Failed');
    expect(rows[2]).toHaveTextContent('Not enough USD on treasury');
    expect(rows[3]).toHaveTextContent('Excluded at upload.');
    expect(within(rows[1]!).getByRole('link', { name: 'Entry of row 1' })).toHaveAttribute(
      'href',
      '/journal/j-1',
    );
    expect(rows[1]).toHaveTextContent('00000000-0000-4000-8000-000000000001');
    expect(rows[1]).toHaveTextContent('t-1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'failed');
    await waitFor(() =>
      expect(rowQueries.at(-1)).toBe('/api/batches/b-1/rows?offset=0&limit=50&state=failed'),
    );
  });

  it('downloads the results as the BFF wrote them', async () => {
    const { user } = renderAs(
      as('ada', 'admin'),
      batch({ state: 'done', counts: counts({ succeeded: 3 }) }),
    );
    await user.click(await screen.findByRole('button', { name: 'Download results' }));
    await waitFor(() =>
      expect(download).toHaveBeenCalledWith(
        'payouts-november-results.csv',
        'to,ref_id\n',
        'text/csv;charset=utf-8',
      ),
    );
    expect(screen.getByText('Downloaded payouts-november-results.csv.')).toBeInTheDocument();
  });
});
