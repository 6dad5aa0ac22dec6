import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { JournalFilters } from '@/lib/api';
import { JournalFiltersBar } from './journal-filters';

/** The bar as the page holds it: `value` is the address, which follows `onApply` a render later. */
function setup(initial: JournalFilters) {
  const onApply = vi.fn<(next: JournalFilters) => void>();
  const ui = (value: JournalFilters) => (
    <MantineProvider env="test">
      <JournalFiltersBar value={value} onApply={onApply} />
    </MantineProvider>
  );
  const view = render(ui(initial));
  return {
    onApply,
    user: userEvent.setup(),
    address: (value: JournalFilters) => view.rerender(ui(value)),
    field: (label: string) => screen.getByLabelText(label, { exact: true }),
  };
}

describe('JournalFiltersBar', () => {
  it('keeps what is typed after Clear while the cleared address is still on its way', async () => {
    const bar = setup({ state: 'REJECTED', operator: 'frank' });
    await bar.user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(bar.onApply).toHaveBeenLastCalledWith({});
    await bar.user.type(bar.field('Reference id'), 'abc');

    bar.address({}); // the address the bar applied arrives
    expect(bar.field('Reference id')).toHaveValue('abc');

    await bar.user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(bar.onApply).toHaveBeenLastCalledWith({ ref_id: 'abc' });
  });

  it('keeps an applied draft when the address arrives with its keys in another order', async () => {
    const bar = setup({});
    await bar.user.type(bar.field('Reference id'), 'abc');
    await bar.user.type(bar.field('Operator'), 'frank');
    await bar.user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await bar.user.type(bar.field('Operator'), 'x');

    bar.address({ operator: 'frank', ref_id: 'abc' });
    expect(bar.field('Operator')).toHaveValue('frankx');
  });

  it('shows the filters of an address reached another way (back, forward, a link)', async () => {
    const bar = setup({ operator: 'frank' });
    await bar.user.type(bar.field('Reference id'), 'abc');

    bar.address({ operator: 'vera' });
    expect(bar.field('Operator')).toHaveValue('vera');
    expect(bar.field('Reference id')).toHaveValue('');
  });
});
