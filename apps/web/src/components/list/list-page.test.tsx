import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { usePagedList } from '@/lib/use-paged-list';
import { renderWithProviders } from '@/test/render';
import { ListPage } from './list-page';

interface Row {
  id: string;
}

/** A list page over pages held in memory: `pages[cursor]`, the first under ''. */
function Rules({
  pages,
  filtered,
  denied,
}: {
  pages: Record<string, { items: Row[]; next?: string } | Error>;
  filtered?: boolean;
  denied?: ReactNode;
}) {
  const list = usePagedList({
    key: ['rules', pages],
    page: async (cursor) => {
      const page = pages[cursor ?? ''];
      if (!page || page instanceof Error) throw page ?? new Error('no page');
      return page;
    },
    next: (page) => page.next,
  });
  return (
    <ListPage
      title="Rules"
      list={list}
      noun={['rule', 'rules']}
      empty={{ body: 'Rules made through the console appear here.' }}
      filtered={filtered}
      denied={denied}
    >
      {(items) => (
        <ul aria-label="Rules">
          {items.map((r) => (
            <li key={r.id}>{r.id}</li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}

describe('ListPage', () => {
  it('says what appears in an empty list, and that nothing matches when a filter is set', async () => {
    const { unmount } = renderWithProviders(<Rules pages={{ '': { items: [] } }} />);
    expect(await screen.findByText('No rules yet')).toBeVisible();
    expect(screen.getByText('Rules made through the console appear here.')).toBeVisible();
    unmount();

    renderWithProviders(<Rules pages={{ '': { items: [] } }} filtered />);
    expect(await screen.findByText('No rules match these filters')).toBeVisible();
    expect(screen.getByText('Clear a filter to see more.')).toBeVisible();
  });

  it('counts the rows shown, dates the read, and loads the next page while there is one', async () => {
    const { user } = renderWithProviders(
      <Rules
        pages={{ '': { items: [{ id: 'r-1' }], next: 'c-2' }, 'c-2': { items: [{ id: 'r-2' }] } }}
      />,
    );
    expect(await screen.findByText('1 rule shown, newest first')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
    expect(screen.getByText(/^Last updated/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('2 rules shown, newest first')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('offers a retry when the first read fails', async () => {
    renderWithProviders(<Rules pages={{ '': new Error('down') }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: /try again/i })).toBeVisible();
  });

  it('shows why the operator may not read the list in its place', async () => {
    renderWithProviders(
      <Rules pages={{ '': { items: [{ id: 'r-1' }] } }} denied={<p>For admins</p>} />,
    );
    expect(screen.getByText('For admins')).toBeVisible();
    // The read answers at once here; its rows must still not show.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText('r-1')).toBeNull();
    expect(screen.queryByText(/^Last updated/)).toBeNull();
  });

  it('shows the list when nothing is denied, however the page says so', async () => {
    renderWithProviders(<Rules pages={{ '': { items: [{ id: 'r-1' }] } }} denied={false} />);
    expect(await screen.findByText('r-1')).toBeVisible();
  });
});
