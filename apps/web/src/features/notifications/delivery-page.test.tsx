import { screen, waitFor, within } from '@testing-library/react';
import type {
  DeadLetters,
  NotificationDelivery,
  NotificationRecipients,
  SessionInfo,
} from '@console/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/lib/session';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { DeliveryPage } from './delivery-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const admin: SessionInfo = {
  operator: { username: 'root', display_name: 'Root', role: 'admin' },
  operations: [],
  expires_at: '2026-01-01T10:15:00Z',
  ends_at: '2026-01-01T18:00:00Z',
};

const letter: NotificationDelivery = {
  id: '33333333-3333-4333-8333-333333333333',
  kind: 'held',
  channel: 'email',
  recipients: ['finance2'],
  subject: 'Approval needed: Create internal transfer of 125.50 USD',
  journal_id: '44444444-4444-4444-8444-444444444444',
  batch_id: null,
  state: 'dead',
  attempts: 8,
  last_error: 'Message failed: 451 Mailbox unavailable',
  created_at: '2026-01-01T09:00:00Z',
  last_attempt_at: '2026-01-01T10:00:00Z',
};

const recipients: NotificationRecipients = {
  channels: [
    { channel: 'email', available: true, reason: null },
    { channel: 'chat', available: false, reason: 'No chat channel is set up for this console.' },
  ],
  items: [
    {
      username: 'finance2',
      display_name: 'Second Finance',
      role: 'finance',
      email: 'finance2@example.test',
      source: 'users-file',
      receives: [
        { kind: 'held', channel: 'email' },
        { kind: 'reminder', channel: 'email' },
      ],
    },
  ],
};

describe('DeliveryPage', () => {
  it('lists dead letters with the last error and retries one with a CSRF-marked POST', async () => {
    let dead: DeadLetters = { items: [letter], count: 1 };
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST') {
        dead = { items: [], count: 0 };
        return jsonResponse(200, { ...letter, state: 'pending', attempts: 0 });
      }
      if (url.startsWith('/api/notifications/dead-letters')) return jsonResponse(200, dead);
      return jsonResponse(200, recipients);
    });
    const { user, client } = renderWithProviders(<DeliveryPage />);
    client.setQueryData(SESSION_KEY, admin);

    const table = await screen.findByRole('table', { name: 'Dead letters' });
    expect(within(table).getByText('Message failed: 451 Mailbox unavailable')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: /^Retry: Approval needed/ }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe(`/api/notifications/${letter.id}/retry`);
    expect((init!.headers as Record<string, string>)['X-CSRF']).toBe('1');
    expect(await screen.findByText('No dead letters')).toBeInTheDocument();

    const who = screen.getByRole('table', { name: 'Who receives what' });
    expect(within(who).getByText('held for approval, reminder')).toBeInTheDocument();
    expect(screen.getByText('No chat channel is set up for this console.')).toBeInTheDocument();
  });

  it('links each dead letter to what it is about: the journal entry, or the batch', async () => {
    const batchLetter: NotificationDelivery = {
      ...letter,
      id: '55555555-5555-4555-8555-555555555555',
      subject: 'Approval needed: batch of 3 Create internal transfer (payouts.csv)',
      journal_id: null,
      batch_id: '66666666-6666-4666-8666-666666666666',
    };
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/notifications/dead-letters')
        ? jsonResponse(200, { items: [letter, batchLetter], count: 2 })
        : jsonResponse(200, recipients),
    );
    const { client } = renderWithProviders(<DeliveryPage />);
    client.setQueryData(SESSION_KEY, admin);

    const table = await screen.findByRole('table', { name: 'Dead letters' });
    expect(within(table).getByRole('link', { name: letter.subject })).toHaveAttribute(
      'href',
      `/journal/${letter.journal_id}`,
    );
    expect(within(table).getByRole('link', { name: batchLetter.subject })).toHaveAttribute(
      'href',
      `/batches/${batchLetter.batch_id}`,
    );
  });
});
