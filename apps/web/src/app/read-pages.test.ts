import { fileNameOf, operations } from '@console/schemas';
import { describe, expect, it } from 'vitest';
import { READ_PAGE_IDS } from '@/lib/operation-routes';
import { pageFilesWithoutRead, pageLoaderOf, readPage } from './read-pages';

describe('read pages found by file name', () => {
  it.each(READ_PAGE_IDS)(
    '%s has its page file, whose default export is a component',
    async (id) => {
      expect(pageLoaderOf(id), `${fileNameOf(id)}-page.tsx`).toBeDefined();
      expect(typeof (await readPage(id))).toBe('function');
    },
  );

  it('every list-… or get-… page file is the page of a read that says it has one', () => {
    expect(pageFilesWithoutRead()).toEqual([]);
  });

  it('a read shown inside another page has no page of its own', () => {
    expect(READ_PAGE_IDS).not.toContain('listProfileBalances');
    expect(operations.listProfileBalances.page).toBe(false);
    expect(READ_PAGE_IDS).toContain('getOrder');
  });
});
