import type { Schedule, ScheduleVersion, SessionInfo } from '@console/schemas';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { SchedulePage } from './schedule-page';

const version = (v: Partial<ScheduleVersion>): ScheduleVersion => ({
  id: 'v-1',
  version: 1,
  state: 'approved',
  body: { from_profile_id: 'p-1', to_profile_id: 'p-2', asset: 'USD', amount: '1250.50' },
  timing: {
    frequency: 'weekly',
    weekdays: ['mon'],
    time: '09:00',
    time_zone: 'UTC',
    start_date: '2027-01-04',
    count: 3,
    business_days_only: false,
  },
  timing_words: 'Every week on Monday at 09:00 (UTC), from 2027-01-04, 3 times',
  catch_up: 'send_once',
  created_by: 'fiona',
  created_by_name: 'Fiona',
  per_occurrence: { asset: 'USD', amount: '1250.50' },
  occurrences: 3,
  total: { asset: 'USD', amount: '3751.50' },
  requirements: [
    {
      approvals_required: 1,
      approver_roles: ['finance', 'admin'],
      escalation: null,
      asked_by: 'each occurrence',
      given: 0,
      met: false,
    },
  ],
  approvals: [],
  policy_version: 3,
  approved_at: null,
  ...v,
});

const series: Schedule = {
  id: 's-1',
  operation: 'createInternalTransfer',
  state: 'active',
  created_by: 'fiona',
  created_by_name: 'Fiona',
  created_at: '2027-01-01T10:00:00Z',
  in_force: version({
    approved_at: '2027-01-02T10:00:00Z',
    approvals: [{ by: 'frank', name: 'Frank', at: '2027-01-02T10:00:00Z' }],
  }),
  awaiting: version({
    id: 'v-2',
    version: 2,
    state: 'awaiting_approval',
    body: { from_profile_id: 'p-1', to_profile_id: 'p-2', asset: 'USD', amount: '1300' },
  }),
  next: [],
  history: [
    {
      number: 2,
      due_at: '2027-01-11T09:00:00Z',
      state: 'refused',
      ref_id: 'r-2',
      journal_id: null,
      journal_state: null,
      words: 'Not sent: the destination was revoked',
      late: false,
    },
    {
      number: 1,
      due_at: '2027-01-04T09:00:00Z',
      state: 'journaled',
      ref_id: 'r-1',
      journal_id: 'j-1',
      journal_state: 'SUCCEEDED',
      words: null,
      late: false,
    },
  ],
  actions: [],
};

const fetchMock = vi.fn<typeof fetch>();
let me: SessionInfo;
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/session'
      ? jsonResponse(200, me)
      : String(input).startsWith('/api/schedules')
        ? jsonResponse(200, series)
        : jsonResponse(404, { title: 'Not found', status: 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function renderAs(username: string, role: SessionInfo['operator']['role']) {
  me = {
    operator: { username, display_name: username, role },
    operations: [],
    expires_at: '2027-01-20T12:00:00Z',
    ends_at: '2027-01-20T18:00:00Z',
  };
  const view = renderWithProviders(<SchedulePage />, '/schedules/s-1');
  await act(async () => {
    view.client.setQueryData(SESSION_KEY, me);
  });
  return view;
}

describe('a schedule’s page', () => {
  it('shows each decided occurrence with its outcome, the sent one linked to its journal entry', async () => {
    await renderAs('vera', 'viewer');
    const history = await screen.findByRole('table', { name: 'Occurrences decided' });
    const [, refused, sent] = within(history).getAllByRole('row');
    expect(sent).toHaveTextContent('Sent');
    expect(within(sent!).getByRole('link', { name: 'Entry of occurrence 1' })).toHaveAttribute(
      'href',
      '/journal/j-1',
    );
    expect(refused).toHaveTextContent('Refused by the rules in force');
    expect(refused).toHaveTextContent('Not sent: the destination was revoked');
    expect(within(refused!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the version in force, the one awaiting approval and what it changes', async () => {
    await renderAs('vera', 'viewer');
    expect(await screen.findByRole('heading', { name: 'Version 1: In force' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Version 2: Awaiting approval' })).toBeVisible();
    const changes = screen.getByRole('region', { name: 'What version 2 changes' });
    expect(changes).toHaveTextContent('Amount: 1250.50 → 1300');
    expect(screen.getByRole('table', { name: 'What version 1 approves' })).toHaveTextContent(
      'Total3,751.50 USD',
    );
  });

  it.each<[string, string, SessionInfo['operator']['role'], string[], string[]]>([
    [
      'its author is told another operator approves, and offered no approval',
      'fiona',
      'finance',
      ['Pause', 'Cancel the schedule'],
      ['Approve version 2', 'Reject'],
    ],
    [
      'another money operator may approve or reject it',
      'frank',
      'finance',
      ['Approve version 2', 'Reject', 'Pause', 'Cancel the schedule'],
      [],
    ],
    [
      'a viewer reads only',
      'vera',
      'viewer',
      [],
      ['Approve version 2', 'Pause', 'Cancel the schedule'],
    ],
  ])('%s', async (_, username, role, offered, withheld) => {
    await renderAs(username, role);
    await screen.findByRole('heading', { name: 'Version 1: In force' });
    for (const name of offered) expect(screen.getByRole('button', { name })).toBeVisible();
    for (const name of withheld) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByText('Another operator approves this version') !== null).toBe(
      username === 'fiona',
    );
  });
});
