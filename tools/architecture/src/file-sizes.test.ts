import { describe, expect, it } from 'vitest';
import { codeFiles, isTest, oversized, SOURCE_LIMIT, TEST_LIMIT } from './file-sizes';

/*
 * Small files by concern (issue 59): no module past 300 lines, no test file past 600. A file that
 * grows past its limit is split by what it does (a store by its reads and writes, a page by its
 * parts), not cut at the line.
 */
describe('file sizes', () => {
  it('no module is past 300 lines and no test file past 600', () => {
    expect(oversized(codeFiles())).toEqual([]);
  });

  const lines = (n: number) => 'x\n'.repeat(n);
  it.each([
    ['apps/bff/src/journal/journal-store.ts', SOURCE_LIMIT, []],
    [
      'apps/bff/src/journal/journal-store.ts',
      SOURCE_LIMIT + 1,
      ['apps/bff/src/journal/journal-store.ts: 301 > 300'],
    ],
    [
      'apps/web/src/features/orders/orders-page.tsx',
      SOURCE_LIMIT + 1,
      ['apps/web/src/features/orders/orders-page.tsx: 301 > 300'],
    ],
    ['apps/bff/src/send/dispatch.test.ts', TEST_LIMIT, []],
    ['apps/bff/test/integration/replicas.ts', TEST_LIMIT, []],
    ['e2e/specs/orders.spec.ts', TEST_LIMIT + 1, ['e2e/specs/orders.spec.ts: 601 > 600']],
    ['docs/decisions/009-architecture-boundaries.md', 2000, []],
  ])('%s of %i lines: %j', (path, n, found) => {
    expect(oversized([path], () => lines(n))).toEqual(found);
  });

  it('counts a test by its name or its test folder, a module otherwise', () => {
    expect(
      ['a.test.ts', 'e2e/specs/a.spec.ts', 'apps/bff/test/kit.ts', 'src/latest.ts'].map(isTest),
    ).toEqual([true, true, true, false]);
  });
});
