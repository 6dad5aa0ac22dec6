import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PHONE_QUERY, RecordTable } from './record-table';

const ITEMS = [{ id: 'a', name: 'Alpha' }];
const COLUMNS = [
  { title: 'Name', key: true, cell: (i: { name: string }) => <a href="/x">{i.name}</a> },
  { title: 'Note', cell: () => <span>Some words</span> },
  { title: 'Act', cell: () => <button type="button">Do it</button> },
];

describe('a list whose rows open their record', () => {
  it.each([
    ['a cell’s words', 'Some words', 1],
    ['the row’s button', 'Do it', 0],
  ])('a click on %s opens it %i times', async (_, text, times) => {
    const onOpen = vi.fn();
    const { user } = renderWithProviders(
      <RecordTable label="Things" columns={COLUMNS} items={ITEMS} minWidth={400} onOpen={onOpen} />,
    );
    await user.click(screen.getByText(text));
    expect(onOpen).toHaveBeenCalledTimes(times);
    if (times) expect(onOpen).toHaveBeenCalledWith(ITEMS[0]);
  });
});

describe('a list on a phone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists on each card only the facts that say something for it', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === PHONE_QUERY,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const balances = [
      { id: 'held', name: 'Trading', held: '6' },
      { id: 'free', name: 'Treasury', held: '0' },
    ];
    renderWithProviders(
      <RecordTable
        label="Balances"
        columns={[
          { title: 'Name', key: true, cell: (b) => <span>{b.name}</span> },
          {
            title: 'Held by open orders',
            cardWhen: (b) => b.held !== '0',
            cell: (b) => <span>{b.held}</span>,
          },
        ]}
        items={balances}
        minWidth={400}
      />,
    );
    const [held, free] = within(screen.getByRole('list', { name: 'Balances' })).getAllByRole(
      'listitem',
    );
    expect(held).toHaveTextContent('Held by open orders6');
    expect(free).toHaveTextContent('Treasury');
    expect(free).not.toHaveTextContent('Held by open orders');
  });
});
