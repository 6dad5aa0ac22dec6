/**
 * One way to pass JSON to SQL: as text, cast on the server (`$n::text::jsonb`). A parameter cast
 * straight to jsonb (`$n::jsonb`) reads the same on PGlite, which parses the text, but postgres.js
 * sends a string for a jsonb parameter as a JSON string: the server then holds `"{…}"`, and
 * `jsonb_each` refuses it (issue 68, the signed export). This test refuses the other spelling.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

/** Each `$n::jsonb` in `text`, by line. */
function bareJsonbParameters(text: string): { line: number; found: string }[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      [...line.matchAll(/\$\d+\s*::\s*jsonb\b/g)].map((m) => ({ line: i + 1, found: m[0] })),
    );
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|sql)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('JSON parameters', () => {
  it('finds a parameter cast straight to jsonb, and lets the text cast pass', () => {
    expect(
      bareJsonbParameters(
        "select audit_append('audit', 'export', $1, $2::jsonb)\nvalues ($3 :: jsonb, $4::text::jsonb, 'null'::jsonb)",
      ),
    ).toEqual([
      { line: 1, found: '$2::jsonb' },
      { line: 2, found: '$3 :: jsonb' },
    ]);
  });

  it('are passed as text and cast on the server everywhere in the BFF', () => {
    const found = sources(SRC).flatMap((file) =>
      bareJsonbParameters(readFileSync(file, 'utf8')).map(
        (f) => `${relative(SRC, file)}:${f.line}: ${f.found}`,
      ),
    );
    expect(found, 'write $n::text::jsonb and pass JSON.stringify(value)').toEqual([]);
  });
});
