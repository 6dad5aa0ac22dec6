import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useWrite } from './use-write';

/** A client whose defaults would retry a failed mutation three times. */
function wrapper() {
  const client = new QueryClient({
    defaultOptions: { mutations: { retry: 3, retryDelay: 0 } },
  });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('useWrite', () => {
  it('never sends a failed write again on its own, whatever the client’s defaults', async () => {
    const send = vi.fn(() => Promise.reject(new Error('no answer')));
    const { result } = renderHook(() => useWrite({ mutationFn: send }), { wrapper: wrapper() });
    await act(() => expect(result.current.run()).rejects.toThrow('no answer'));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(send).toHaveBeenCalledOnce();
  });

  it('refuses a second call while one is in flight, before any re-render', async () => {
    let answer: (value: string) => void = () => {};
    const send = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useWrite({ mutationFn: send }), { wrapper: wrapper() });
    const { run } = result.current;
    let first: Promise<{ data: string } | null> = Promise.resolve(null);
    let second: Promise<{ data: string } | null> = Promise.resolve(null);
    act(() => {
      first = run();
      second = run();
    });
    expect(await second).toBeNull();
    await waitFor(() => expect(send).toHaveBeenCalledOnce());
    act(() => answer('sent once'));
    expect(await first).toEqual({ data: 'sent once' });
    // Once answered, the next call goes.
    act(() => void run());
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });
});
