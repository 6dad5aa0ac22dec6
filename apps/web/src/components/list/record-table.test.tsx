import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RecordTable } from './record-table';

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
