import { screen, waitFor } from '@testing-library/react';
import type { NotificationPreferences } from '@console/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { PreferencesPage } from './preferences-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const prefs = (enabled: boolean): NotificationPreferences => ({
  email: null,
  channels: [
    { channel: 'email', available: false, reason: 'The console knows no email address of yours.' },
    { channel: 'chat', available: true, reason: null },
  ],
  items: [
    { kind: 'held', channel: 'email', enabled: true },
    { kind: 'held', channel: 'chat', enabled },
    { kind: 'rejected', channel: 'email', enabled: true },
    { kind: 'rejected', channel: 'chat', enabled: true },
  ],
});

describe('PreferencesPage', () => {
  it('says why a channel cannot reach the operator, and saves only the choice they changed', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      jsonResponse(200, init?.method === 'PUT' ? prefs(false) : prefs(true)),
    );
    const { user } = renderWithProviders(<PreferencesPage />);
    expect(await screen.findByText(/knows no email address of yours/)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    await user.click(
      screen.getByRole('checkbox', { name: 'A request waits for my approval: by chat' }),
    );
    await user.click(save);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true),
    );
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(url).toBe('/api/notifications/preferences');
    expect(JSON.parse(String(init!.body))).toEqual({
      items: [{ kind: 'held', channel: 'chat', enabled: false }],
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(
      screen.getByRole('checkbox', { name: 'A request waits for my approval: by chat' }),
    ).not.toBeChecked();
  });

  it('tells a role that receives nothing that there is nothing to choose', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, { ...prefs(true), items: [] } satisfies NotificationPreferences),
    );
    renderWithProviders(<PreferencesPage />);
    expect(await screen.findByText('Nothing to choose')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
