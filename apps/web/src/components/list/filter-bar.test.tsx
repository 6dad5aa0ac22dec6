import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { FilterBar, useFilters, type Filter } from './filter-bar';

const FILTERS = [
  { key: 'status', label: 'Status', options: ['OPEN', 'FILLED'] },
  { key: 'from', label: 'Placed from', day: true },
] as const satisfies readonly Filter[];

/** The bar and what a page reads of the address, side by side. */
function Page() {
  const { values, filtered } = useFilters(FILTERS);
  return (
    <>
      <FilterBar label="Filter orders" filters={FILTERS} />
      <output aria-label="read">{JSON.stringify({ values, filtered })}</output>
    </>
  );
}

const read = () => JSON.parse(screen.getByLabelText('read').textContent ?? '') as unknown;

describe('FilterBar', () => {
  it('shows the filters the address holds, in a labelled search landmark', () => {
    renderWithProviders(<Page />, '/orders?status=FILLED&from=2026-01-02');
    const bar = screen.getByRole('search', { name: 'Filter orders' });
    expect(bar).toContainElement(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('FILLED');
    expect(screen.getByLabelText('Placed from')).toHaveValue('2026-01-02');
    expect(read()).toEqual({ values: { status: 'FILLED', from: '2026-01-02' }, filtered: true });
  });

  it('puts a choice in the address at once, and Clear filters takes every filter out, other parameters staying', async () => {
    const { user, router } = renderWithProviders(<Page />, '/orders?tab=open');
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'OPEN' }));
    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '2026-03-04' } });
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-03-04'),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      tab: 'open',
      status: 'OPEN',
      from: '2026-03-04',
    });
    expect(read()).toEqual({ values: { status: 'OPEN', from: '2026-03-04' }, filtered: true });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?tab=open');
    expect(read()).toEqual({ values: {}, filtered: false });
  });

  it('takes a day only as YYYY-MM-DD, the format its field shows, whatever the browser’s language', () => {
    const { router } = renderWithProviders(<Page />, '/orders');
    const day = screen.getByLabelText('Placed from');
    expect(day).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    fireEvent.change(day, { target: { value: '03/04/2026' } });
    expect(new URLSearchParams(router.state.location.search).get('from')).toBeNull();
  });
});
