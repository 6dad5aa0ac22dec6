import { fileNameOf } from '@console/schemas';
import type { ComponentType } from 'react';
import { READ_PAGE_IDS, type ReadPageId } from '@/lib/operation-routes';

/*
 * The page of each read whose entry says `page: true`, found by its file name: the default export
 * of `features/<feature>/<file name>-page.tsx` (`getOrder` → `get-order-page.tsx`), each its own
 * chunk, loaded when first opened. A new read's page needs no line here; a read that says it has a
 * page and has none fails `read-pages.test.ts` and the registry walk, by name.
 */
const PAGE_FILES = import.meta.glob<ComponentType>('/src/features/*/{list,get}-*-page.tsx', {
  import: 'default',
});

/** The loader of a read's page, or undefined when no file carries its name. */
export function pageLoaderOf(id: ReadPageId): (() => Promise<ComponentType>) | undefined {
  const suffix = `/${fileNameOf(id)}-page.tsx`;
  const matches = Object.keys(PAGE_FILES).filter((file) => file.endsWith(suffix));
  return matches.length === 1 ? PAGE_FILES[matches[0]!] : undefined;
}

/** The page files that name no read with a page: a misspelt or orphaned page. */
export function pageFilesWithoutRead(): string[] {
  const named = new Set(READ_PAGE_IDS.map((id) => `${fileNameOf(id)}-page.tsx`));
  return Object.keys(PAGE_FILES).filter((file) => !named.has(file.split('/').pop()!));
}

export async function readPage(id: ReadPageId): Promise<ComponentType> {
  const load = pageLoaderOf(id);
  if (!load) throw new Error(`${id} has no page file ${fileNameOf(id)}-page.tsx`);
  return load();
}
