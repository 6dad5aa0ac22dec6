import type { Batch, BatchRepeat, SessionInfo } from '@console/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/lib/session';
import { batch, HASH } from '@/test/batch-fixtures';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { BatchPage } from './batch-page';
import { repeatsSentence } from './batch-repeats';

const fetchMock = vi.fn<typeof fetch>();
let current: Batch;
let posts: { url: string; body: unknown }[] = [];

const me: SessionInfo = {
  operator: { username: 'ada', display_name: 'Ada', role: 'admin' },
  operations: [],
  expires_at: '2026-11-27T12:00:00Z',
  ends_at: '2026-11-27T18:00:00Z',
};

/** An earlier batch's row `row` that a row of this batch repeats. */
const earlier = (
  id: string,
  row: number,
  over: Partial<BatchRepeat['earlier'][number]> = {},
): BatchRepeat['earlier'][number] => ({
  batch_id: id,
  file_name: `${id}.csv`,
  batch_state: 'done',
  created_at: '2026-11-25T08:30:00Z',
  created_by: 'fin',
  created_by_name: 'Fin Finance',
  row,
  row_state: 'succeeded',
  ...over,
});

const repeated = batch({
  row_count: 3,
  repeats: {
    days: 7,
    total: 2,
    rows: [
      { row: 1, earlier: [earlier('b-oct', 4)] },
      {
        row: 3,
        earlier: [
          earlier('b-oct', 9),
          earlier('b-nov', 2, { batch_state: 'awaiting_approval', row_state: 'waiting' }),
        ],
      },
    ],
  },
});

beforeEach(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
  }
  posts = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      current = { ...current, state: 'sending' };
      return jsonResponse(200, current);
    }
    if (url.startsWith('/api/batches/b-1/rows')) {
      return jsonResponse(200, { items: [], total: 0, offset: 0 });
    }
    if (url === '/api/session') return jsonResponse(200, me);
    if (url === '/api/batches/b-1') return jsonResponse(200, current);
    return jsonResponse(404, { title: 'Not found', status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(shown: Batch) {
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

describe('rows repeating rows of earlier batches', () => {
  it('are listed on the batch page, each with the earlier batches linked, before the actions', async () => {
    renderPage(repeated);
    const table = await screen.findByRole('table', { name: 'Repeated rows' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['1', '3']);
    expect(rows[0]).toHaveTextContent(
      'Row 4 of batch b-oct.csv (succeeded; batch done), uploaded by Fin Finance (fin)',
    );
    const links = within(rows[1]!).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['batch b-oct.csv', '/batches/b-oct'],
      ['batch b-nov.csv', '/batches/b-nov'],
    ]);
    expect(rows[1]).toHaveTextContent(
      'Row 2 of batch b-nov.csv (waiting; batch awaiting approval)',
    );
    // Read before the Approve button, in the page's order.
    const approve = screen.getByRole('button', { name: 'Approve' });
    expect(table.compareDocumentPosition(approve) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('are said in the approval’s confirm, and the approval names how many were shown', async () => {
    const { user } = renderPage(repeated);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the batch?' });
    expect(within(dialog).getByRole('note', { name: 'Repeated rows' })).toHaveTextContent(
      'Rows 1, 3 (2 of 3) pay what rows of 2 earlier batches of the last 7 days pay: approving sends them again.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { url: '/api/batches/b-1/approve', body: { rows_hash: HASH, repeated_rows: 2 } },
      ]),
    );
  });

  it('are not mentioned when there are none: the confirm and the approval stay as they were', async () => {
    const { user } = renderPage(batch());
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the batch?' });
    expect(within(dialog).queryByRole('note', { name: 'Repeated rows' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Repeated rows' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/api/batches/b-1/approve', body: { rows_hash: HASH } }]),
    );
  });

  it('are said of one row in the singular', () => {
    expect(
      repeatsSentence({ days: 3, total: 1, rows: [{ row: 5, earlier: [earlier('b', 1)] }] }, 9),
    ).toBe(
      'Row 5 (1 of 9) pays what a row of an earlier batch of the last 3 days pays: approving sends it again.',
    );
    expect(repeatsSentence(null, 9)).toBeNull();
  });

  it('are counted whole where the read lists only the first of them', async () => {
    renderPage(batch({ row_count: 5000, repeats: { ...repeated.repeats!, total: 1200 } }));
    const note = await screen.findByRole('note', {
      name: 'Rows that repeat rows of earlier batches',
    });
    expect(note).toHaveTextContent('Rows 1, 3 and 1198 more (1200 of 5000) pay what rows of');
    expect(note).toHaveTextContent(
      'The first 2 are listed here; 1198 more repeat earlier rows too.',
    );
  });
});
