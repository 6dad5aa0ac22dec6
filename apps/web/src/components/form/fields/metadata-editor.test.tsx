import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { MetadataRow } from '@/lib/form-values';
import { renderWithProviders } from '@/test/render';
import { MetadataEditor } from './metadata-editor';

function Harness({
  initial = [],
  onChange,
}: {
  initial?: MetadataRow[];
  onChange?: (rows: MetadataRow[]) => void;
}) {
  const [rows, setRows] = useState<MetadataRow[]>(initial);
  return (
    <MetadataEditor
      id="metadata"
      label="Metadata"
      rows={rows}
      onChange={(next) => {
        setRows(next);
        onChange?.(next);
      }}
    />
  );
}

describe('MetadataEditor', () => {
  it('adds rows up to six, then refuses a seventh', async () => {
    const { user } = renderWithProviders(<Harness />);
    const add = screen.getByRole('button', { name: 'Add metadata pair' });
    for (let i = 0; i < 6; i++) await user.click(add);
    expect(screen.getAllByLabelText(/^Metadata key \d$/)).toHaveLength(6);
    expect(add).toBeDisabled();
    expect(screen.getByText(/6\/6 pairs/)).toBeInTheDocument();
    await user.click(add);
    expect(screen.getAllByLabelText(/^Metadata key \d$/)).toHaveLength(6);
  });

  it('counts characters of keys and values against 100', async () => {
    const { user } = renderWithProviders(<Harness initial={[{ key: '', value: '' }]} />);
    await user.type(screen.getByLabelText('Metadata key 1'), 'abc');
    await user.type(screen.getByLabelText('Metadata value 1'), 'hello');
    expect(screen.getByText('3/100')).toBeInTheDocument();
    expect(screen.getByText('5/100')).toBeInTheDocument();
  });

  it('accepts 100 characters and rejects 101, keeping what was typed', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <Harness initial={[{ key: 'k', value: 'v'.repeat(99) }]} onChange={onChange} />,
    );
    const value = screen.getByLabelText('Metadata value 1');
    await user.type(value, 'v');
    expect(screen.getByText('100/100')).toBeInTheDocument();
    expect(value).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(value, 'v');
    expect(value).toHaveValue('v'.repeat(101));
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Value can have at most 100 characters')).toBeInTheDocument();
    expect(screen.getByText(/101\/100/)).toBeInTheDocument();
  });

  it('flags a key used twice and a value without a key', async () => {
    renderWithProviders(
      <Harness
        initial={[
          { key: 'a', value: '1' },
          { key: 'a', value: '2' },
          { key: '', value: '3' },
        ]}
      />,
    );
    expect(screen.getByText('Key “a” is already used above')).toBeInTheDocument();
    expect(screen.getByText('Give this value a key, or remove the row')).toBeInTheDocument();
  });

  it('removes a row', async () => {
    const { user } = renderWithProviders(<Harness initial={[{ key: 'a', value: '1' }]} />);
    await user.click(screen.getByRole('button', { name: 'Remove metadata pair 1' }));
    expect(screen.queryByLabelText('Metadata key 1')).not.toBeInTheDocument();
    expect(screen.getByText('No pairs.')).toBeInTheDocument();
  });
});
