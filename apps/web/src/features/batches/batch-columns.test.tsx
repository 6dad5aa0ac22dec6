import { BATCH_OPERATIONS, batchFieldsOf } from '@console/schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { BatchColumns } from './batch-columns';

/** What the browser was handed to download: its file name and its text. */
function catchDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:template';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  // jsdom's Blob has no text(): read it as a page would.
  const text = () =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blobs[0]!);
    });
  return { names, text, type: () => blobs[0]!.type };
}

describe('the columns of a batch file, before any file is chosen', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(BATCH_OPERATIONS)('lists every field %s takes, and whether a row must fill it', (op) => {
    renderWithProviders(<BatchColumns operation={op} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(batchFieldsOf(op).length);
    for (const [i, field] of batchFieldsOf(op).entries()) {
      expect(rows[i]).toHaveTextContent(field.label);
      expect(rows[i]).toHaveTextContent(field.required ? 'Required' : 'Optional');
    }
  });

  it('names the common headers a transfer file may use, and offers its template', async () => {
    renderWithProviders(<BatchColumns operation="createInternalTransfer" />);
    const from = screen.getByRole('row', { name: /from_profile_id/ });
    expect(from).toHaveTextContent('From');
    expect(from).toHaveTextContent('An id or a profile nickname');
    expect(screen.getByRole('row', { name: /^Asset/ })).toHaveTextContent('Currency');
    const downloads = catchDownloads();
    await userEvent.click(screen.getByRole('button', { name: 'Download a template' }));
    expect(downloads.names).toEqual(['createInternalTransfer-template.csv']);
    expect(downloads.type()).toBe('text/csv;charset=utf-8');
    expect(await downloads.text()).toMatch(/^from_profile_id,to_profile_id,asset,amount[,\r]/);
  });
});
