import { describe, expect, it } from 'vitest';
import { isKebabCase, misnamed, repositoryFiles } from './file-names';

/*
 * Files and folders are named in kebab-case (DESIGN.md §5), every kind of file alike: sources,
 * styles, SQL, documents. A test over git's list of files rather than a lint rule: it sees the
 * files ESLint does not read, and needs no plugin.
 */
describe('file names', () => {
  it('are kebab-case everywhere in the repository', () => {
    const wrong = repositoryFiles().filter((path) => misnamed(path).length > 0);
    expect(wrong).toEqual([]);
  });

  it.each([
    ['orderFilters.tsx', 'order-filters.tsx'],
    ['OrdersPage.tsx', 'orders-page.tsx'],
    ['order_filters.ts', 'order-filters.ts'],
    ['create-order.Spec.ts', 'create-order.spec.ts'],
    ['work--queue', 'work-queue'],
    ['-leading.ts', '009-architecture-boundaries.md'],
    ['Readme.md', 'README.md'],
  ])('refuse %s and let %s through', (wrong, right) => {
    expect(isKebabCase(wrong)).toBe(false);
    expect(isKebabCase(right)).toBe(true);
  });

  it('name every misspelled part of a path', () => {
    expect(misnamed('apps/web/src/features/workQueue/MyRequests.tsx')).toEqual([
      'workQueue',
      'MyRequests.tsx',
    ]);
    expect(misnamed('apps/web/src/features/work-queue/my-requests.tsx')).toEqual([]);
  });
});
