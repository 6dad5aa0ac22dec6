import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DIR = fileURLToPath(new URL('../../../docs/decisions/', import.meta.url));
const records = readdirSync(DIR).filter((file) => file.endsWith('.md'));

/** A record's head: `# NNN: title`, then `Date:` and `Status:` lines. */
const HEAD =
  /^# (\d{3}): \S.*\n\nDate: (\d{4}-\d{2}-\d{2})\nStatus: (proposed|accepted|deprecated|superseded by \d{3})\n/;

describe('decision records', () => {
  it('are numbered from 001 without gaps, each file named after its number', () => {
    const numbers = records.map((file) => file.slice(0, 3));
    expect(numbers).toEqual(records.map((_, i) => String(i + 1).padStart(3, '0')));
    for (const file of records) expect(file).toMatch(/^\d{3}-[a-z0-9-]+\.md$/);
  });

  it.each(records)('%s says its number, date and status at its head', (file) => {
    const head = HEAD.exec(readFileSync(join(DIR, file), 'utf8'));
    expect(head, `${file} must start "# NNN: title", then Date: and Status: lines`).not.toBeNull();
    expect(head![1]).toBe(file.slice(0, 3));
    expect(Number.isNaN(Date.parse(head![2]!))).toBe(false);
  });
});
