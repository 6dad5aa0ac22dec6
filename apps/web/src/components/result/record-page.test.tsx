import { screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RecordIdRows, RecordPage } from './record-page';

type Account = { id: string; name: string };
const query = (over: Partial<UseQueryResult<Account>>) =>
  ({
    data: undefined,
    isPending: false,
    error: null,
    dataUpdatedAt: 0,
    isRefetchError: false,
    isFetching: false,
    refetch: vi.fn(async () => undefined),
    ...over,
  }) as unknown as UseQueryResult<Account>;

function page(q: UseQueryResult<Account>, instead?: string) {
  return (
    <RecordPage
      query={q}
      title={(a) => a?.name ?? 'Account'}
      subtitle={(a) => `id ${a.id}`}
      actions={() => <button>Update</button>}
      back={{ to: '/accounts', label: 'Back to accounts' }}
      loading="Loading the account…"
      instead={instead}
    >
      {(a) => <p>Record of {a.name}</p>}
    </RecordPage>
  );
}

describe('RecordPage', () => {
  it('says what is loading under a heading that does not wait for the record', async () => {
    renderWithProviders(page(query({ isPending: true })));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
    expect(screen.getByText('Loading the account…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('shows the record with its name, line, actions and the way back', async () => {
    renderWithProviders(
      page(query({ data: { id: 'a-1', name: 'Alice' }, dataUpdatedAt: Date.now() })),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Alice' })).toBeInTheDocument();
    expect(screen.getByText('id a-1')).toBeInTheDocument();
    expect(screen.getByText('Record of Alice')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to accounts' })).toHaveAttribute(
      'href',
      '/accounts',
    );
  });

  it('offers a retry when the record could not be read', async () => {
    const q = query({ error: new Error('the service did not answer') });
    renderWithProviders(page(q));
    await screen.findByRole('heading', { level: 1, name: 'Account' });
    screen.getByRole('button', { name: /try again|retry/i }).click();
    expect(q.refetch).toHaveBeenCalled();
  });

  it('shows what stands instead of the record, such as its deletion', async () => {
    renderWithProviders(page(query({ data: { id: 'a-1', name: 'Alice' } }), 'Deleted'));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(screen.queryByText('Record of Alice')).not.toBeInTheDocument();
  });
});

describe('RecordIdRows', () => {
  it('leaves out the reference id it lacks, and the update row of a record that has none', async () => {
    renderWithProviders(<RecordIdRows noun="account id" id="a-1" createdAt={null} />);
    expect(await screen.findByText('Created')).toBeInTheDocument();
    expect(screen.queryByText('Reference id')).not.toBeInTheDocument();
    expect(screen.queryByText('Updated')).not.toBeInTheDocument();
  });

  it('says "—" for an update time the service did not give', async () => {
    renderWithProviders(<RecordIdRows noun="identity id" id="i-1" updatedAt={undefined} />);
    expect(await screen.findByText('Updated')).toBeInTheDocument();
  });
});
