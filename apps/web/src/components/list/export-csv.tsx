import { Button } from '@mantine/core';
import { csvFileName, csvText, downloadCsv, type CsvColumn } from '@/lib/csv';

/** What a list exports: its file's name and its columns (lib/list-csv.ts). */
export interface CsvExport<T> {
  /** The list's name in the file's name: `orders` gives `orders-2026-11-26T2130.csv`. */
  file: string;
  columns: readonly CsvColumn<T>[];
}

/**
 * "Export CSV": the rows the list shows (its filters applied, the pages loaded so far), written in
 * the browser, downloaded at once. Every list's export is this button.
 */
export function ExportCsvButton<T>({ csv, rows }: { csv: CsvExport<T>; rows: readonly T[] }) {
  return (
    <Button
      variant="default"
      size="xs"
      disabled={rows.length === 0}
      title={`The ${rows.length} ${rows.length === 1 ? 'row' : 'rows'} shown, as CSV`}
      onClick={() => downloadCsv(csvFileName(csv.file), csvText(csv.columns, rows))}
    >
      Export CSV
    </Button>
  );
}
