import type { SessionInfo } from '@console/schemas';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '@/test/render';
import { IdleWarning } from './idle-warning';

const START = Date.parse('2026-01-01T10:00:00Z');
const info = (expiresInMs: number, endsInMs = 8 * 3_600_000): SessionInfo => ({
  operator: { username: 'ada', display_name: 'Ada', role: 'finance' },
  operations: [],
  expires_at: new Date(START + expiresInMs).toISOString(),
  ends_at: new Date(START + endsInMs).toISOString(),
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'],
  });
  vi.setSystemTime(START);
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

describe('IdleWarning', () => {
  it('warns a minute before the idle end, and "Stay signed in" extends the session', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, info(15 * 60_000)));
    renderWithProviders(<IdleWarning session={info(15 * 60_000)} />);
    await act(() => vi.advanceTimersByTimeAsync(13 * 60_000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(60_000 + 10));
    const dialog = screen.getByRole('dialog', { name: 'Your session is about to end' });
    expect(dialog).toHaveTextContent('You will be signed out in 1 min 0 s for inactivity');
    // The check before warning does not count as activity.
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ 'X-Console-Background': '1' });

    fetchMock.mockResolvedValue(jsonResponse(200, info(29 * 60_000)));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(dialog).toHaveTextContent('59 s');
    screen.getByRole('button', { name: 'Stay signed in' }).click();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(calls()).toContain('POST /api/session/extend');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not warn when activity elsewhere moved the end', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, info(30 * 60_000)));
    renderWithProviders(<IdleWarning session={info(15 * 60_000)} />);
    await act(() => vi.advanceTimersByTimeAsync(14 * 60_000 + 10));
    expect(calls()).toEqual(['GET /api/session']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('at the absolute end offers no extension, and says when', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, info(15 * 60_000, 15 * 60_000)));
    renderWithProviders(<IdleWarning session={info(15 * 60_000, 15 * 60_000)} />);
    await act(() => vi.advanceTimersByTimeAsync(14 * 60_000 + 10));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('reaches its time limit');
    expect(screen.queryByRole('button', { name: 'Stay signed in' })).not.toBeInTheDocument();
  });
});
