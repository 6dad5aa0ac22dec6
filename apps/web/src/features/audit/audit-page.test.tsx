import { screen, waitFor, within } from '@testing-library/react';
import type { AuditExport, AuditVerification, Role, SessionInfo } from '@console/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { AuditPage } from './audit-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x') }));
});
afterEach(() => vi.unstubAllGlobals());

const session = (role: Role): SessionInfo => ({
  operator: { username: 'audrey', display_name: 'Audrey', role },
  operations: [],
  expires_at: '2026-01-01T10:15:00Z',
  ends_at: '2026-01-01T18:00:00Z',
});

const chain = (name: 'journal' | 'approvals' | 'security' | 'audit') => ({
  chain: name,
  records: 4,
  ok: true,
  break: null,
  last_good: { position: 4, hash: 'a'.repeat(64) },
  last_good_checkpoint: null,
});

const broken: AuditVerification = {
  ok: false,
  verified_at: '2026-01-01T10:00:00Z',
  chains: [
    {
      ...chain('journal'),
      ok: false,
      break: { position: 3, kind: 'missing', detail: 'positions 3 to 3 are missing' },
      last_good: { position: 2, hash: 'b'.repeat(64) },
    },
    chain('approvals'),
    chain('security'),
    chain('audit'),
  ],
  checkpoints: { count: 1, signatures_checked: true, forged: [] },
  binding: {
    ok: false,
    rows: 12,
    findings: [
      {
        kind: 'changed',
        table: 'journal_entries',
        id: 'e-1',
        column: 'request_body',
        record: { chain: 'journal', position: 2 },
      },
    ],
  },
  pending: { count: 3, oldest_at: '2026-12-07T10:00:00.000000Z', lag_seconds: 0.4 },
  key: { key_id: 'kid-1', public_key_pem: '-----BEGIN PUBLIC KEY-----\n' },
};

describe('AuditPage', () => {
  it('names the first break of a chain and the last good record, as an alert', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, broken));
    const { client } = renderWithProviders(<AuditPage />);
    client.setQueryData(SESSION_KEY, session('auditor'));

    const title = await screen.findByText('The audit trail does not verify');
    expect(title.closest('[role="alert"]')).not.toBeNull();
    const table = screen.getByRole('table', { name: 'Hash chains' });
    const journal = within(table).getByRole('row', { name: /^Journal/ });
    expect(journal).toHaveTextContent('Record 3 missing: positions 3 to 3 are missing');
    expect(
      screen.getByRole('list', { name: 'Rows that disagree with the trail' }),
    ).toHaveTextContent(
      'journal_entries e-1: request_body changed (record 2 of the journal chain)',
    );
    expect(within(journal).getAllByRole('cell')[2]).toHaveTextContent('2');
    // Records not sealed yet are pending, said as such, not a break.
    expect(title.closest('[role="alert"]')).toHaveTextContent(
      '3 record(s) written since are not sealed onto their chain yet (pending, the oldest 0.4 s)',
    );
  });

  it.each([
    { checked: false, told: true },
    { checked: true, told: false },
  ])(
    'says how to set an audit key only when none checks the signatures: $checked',
    async ({ checked, told }) => {
      const verifies: AuditVerification = {
        ...broken,
        ok: true,
        chains: [chain('journal'), chain('approvals'), chain('security'), chain('audit')],
        checkpoints: { count: 0, signatures_checked: checked, forged: [] },
      };
      fetchMock.mockImplementation(async () => jsonResponse(200, verifies));
      const { client } = renderWithProviders(<AuditPage />);
      client.setQueryData(SESSION_KEY, session('auditor'));
      await screen.findByText('The audit trail verifies');
      const how = screen.queryByText('No audit key: signatures are not checked');
      expect(Boolean(how)).toBe(told);
      if (told) {
        expect(how!.closest('.mantine-Alert-root')).toHaveTextContent(
          'AUDIT_SIGNING_KEY_FILE to its path and restart the console',
        );
      }
    },
  );

  it('exports a period with a CSRF-marked POST and says what it wrote', async () => {
    const made: AuditExport = {
      filename: 'journal-2026-01-01-to-2026-02-01.csv',
      csv: 'a\r\n',
      signature: 'h..s',
      key_id: 'kid-1',
      rows: 7,
      proofs: '{"type":"console-audit-inclusion-proof"}\n',
    };
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST' ? jsonResponse(200, made) : jsonResponse(200, broken),
    );
    const { user, client } = renderWithProviders(<AuditPage />);
    client.setQueryData(SESSION_KEY, session('auditor'));

    const form = await screen.findByRole('form', { name: 'Signed export' });
    await user.clear(within(form).getByLabelText(/^From/));
    await user.type(within(form).getByLabelText(/^From/), '2026-01-01');
    await user.click(within(form).getByRole('button', { name: 'Export and sign' }));
    await waitFor(() => expect(screen.getByText(/7 rows exported/)).toBeInTheDocument());
    expect(screen.getByText(/7 rows exported/)).toHaveTextContent(
      'proofs in journal-2026-01-01-to-2026-02-01.csv.proofs.json',
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toBe('/api/audit/exports');
    expect(new Headers(post[1]!.headers).get('X-CSRF')).toBe('1');
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({
      kind: 'journal',
      from: '2026-01-01',
    });
  });

  it('tells a finance operator the page is not theirs, asking nothing', async () => {
    const { client } = renderWithProviders(<AuditPage />);
    client.setQueryData(SESSION_KEY, session('finance'));
    expect(await screen.findByText(/open to admins and auditors only/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/audit'))).toEqual(
      [],
    );
  });
});
