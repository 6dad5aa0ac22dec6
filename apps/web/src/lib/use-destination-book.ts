import { useQuery } from '@tanstack/react-query';
import { getDestinationRule, listDestinations } from './api';

/** The book's query key: a proposal, an approval and a revocation change it. */
export const BOOK_KEY = ['destinations'] as const;

/**
 * The book of allowed destinations (issue 37), in the order the BFF gives it: what the book-aware
 * pickers and the page show. Read again at most every half minute while a form is open, so that
 * an approval given elsewhere shows without a reload.
 */
export function useDestinationBook(enabled = true) {
  return useQuery({ queryKey: BOOK_KEY, queryFn: listDestinations, staleTime: 30_000, enabled });
}

/**
 * What the policy says of a form's destination (`GET /api/destinations/rule`): whether money may
 * go only to an active entry for this operation and asset, and the test amount of a first send.
 * Without an asset chosen yet, whether it does for some asset.
 */
export function useDestinationRule(operation: string | undefined, asset: string | undefined) {
  return useQuery({
    queryKey: [...BOOK_KEY, 'rule', operation, asset ?? null],
    queryFn: () => getDestinationRule(operation!, asset),
    enabled: operation !== undefined,
    staleTime: 5 * 60_000,
  });
}

/**
 * Whether a form's destination must be an active entry of the book: asked first of the operation
 * alone (one read per form, and none more where the policy never asks for the book), then of
 * the asset once one is chosen. Before an asset is chosen, an operation that asks for the book
 * for some asset counts as asking for it.
 */
export function useBookRequired(operation: string | undefined, asset: string | undefined): boolean {
  const some = useDestinationRule(operation, undefined).data?.required === true;
  const forAsset = useDestinationRule(some && asset ? operation : undefined, asset);
  if (!some) return false;
  return asset ? forAsset.data?.required === true : true;
}
