import type { StatementCheck } from '@console/schemas';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { Statements } from './reconcile-statements';

const fetchMock = vi.fn<typeof fetch>();
let posts: { url: string; body: Record<string, unknown> }[] = [];

const CHECK: StatementCheck = {
  columns: ['Booked', 'Sum', 'Ccy', 'Payee'],
  mapping: { Booked: 'date', Sum: 'amount', Ccy: 'asset', Payee: '' },
  mapping_saved: true,
  unmapped: [],
  lines: 1,
  file_errors: [],
  errors: [],
};

beforeEach(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });
  }
  posts = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    }
    if (url === '/api/reconciliation/statements/check') return jsonResponse(200, CHECK);
    if (url === '/api/reconciliation/statements') return jsonResponse(200, { items: [] });
    return jsonResponse(404, { title: 'Not found', status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const file = () =>
  new File(['Booked,Sum,Ccy,Payee\n2026-12-01,-5.00,USD,Jane\n'], 'a.csv', { type: 'text/csv' });

describe('statements', () => {
  it.each([
    { name: 'without a source', source: '', withFile: true, error: 'Name the statement’s source' },
    {
      name: 'without a file',
      source: 'Custodian A',
      withFile: false,
      error: 'Choose the statement’s CSV file',
    },
  ])(
    'says what is missing beside its field, $name, and posts nothing',
    async ({ source, withFile, error }) => {
      const { user } = renderWithProviders(<Statements acts />);
      if (source) await user.type(screen.getByRole('textbox', { name: /Source/ }), source);
      if (withFile) await user.upload(screen.getByLabelText(/Statement file/), file());
      await user.click(screen.getByRole('button', { name: 'Read the columns' }));
      expect(await screen.findByText(error)).toBeVisible();
      expect(posts).toEqual([]);
    },
  );

  it('pre-fills the source’s saved mapping, and asks for a required field left unmapped', async () => {
    const { user } = renderWithProviders(<Statements acts />);
    await user.type(screen.getByRole('textbox', { name: /Source/ }), 'Custodian A');
    await user.upload(screen.getByLabelText(/Statement file/), file());
    await user.click(screen.getByRole('button', { name: 'Read the columns' }));
    expect(await screen.findByText(/The mapping saved for Custodian A/)).toBeVisible();
    expect(screen.getByLabelText('Column “Sum”')).toHaveValue('amount');
    expect(screen.getByLabelText('Column “Payee”')).toHaveValue('');
    expect(posts[0]).toMatchObject({ body: { source: 'Custodian A', file_name: 'a.csv' } });
    await user.selectOptions(screen.getByLabelText('Column “Ccy”'), '');
    expect(screen.getByRole('alert')).toHaveTextContent('Map a column to Asset or currency');
    expect(screen.getByRole('button', { name: 'Upload and match' })).toBeDisabled();
    await waitFor(() => expect(posts).toHaveLength(1));
  });
});
