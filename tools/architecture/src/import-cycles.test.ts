import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, importCycles, sourceFiles } from './import-graph';

/*
 * import-x/no-cycle (in the lint run) skips type-only imports, and so did not see the cycle
 * between db.ts and migrate.ts. This counts every import, types and dynamic ones included.
 */
describe('import cycles', () => {
  it.each(['apps/bff/src', 'apps/sandbox/src', 'apps/web/src', 'packages/schemas/src'])(
    'there are none in %s, type and dynamic imports counted',
    (dir) => {
      expect(importCycles(sourceFiles(join(ROOT, dir)))).toEqual([]);
    },
  );

  it('are found, even through a type import and a dynamic import', () => {
    const fixture = join(ROOT, 'tools/architecture/fixtures/type-cycle');
    expect(importCycles(sourceFiles(fixture))).toEqual([
      [
        'tools/architecture/fixtures/type-cycle/migrate.ts',
        'tools/architecture/fixtures/type-cycle/store.ts',
      ],
    ]);
  });
});
