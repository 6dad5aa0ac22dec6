import { operations, type JournalEntry } from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { listJournal } from './api';
import { inputFromJournal } from './journal-input';

/** A self-match prevention token as this console has used it on a profile's orders. */
export interface UsedToken {
  token: string;
  /** Orders the service accepted with it. */
  orders: number;
  /** When it was last sent (the journal entry's time). */
  lastUsed: string;
}

/**
 * The self-match prevention tokens sent on a profile's orders that the service accepted, most
 * recently used first. The service's order record does not carry the token back, so the
 * console's own journal (the exact bodies it sent) is where they are found.
 */
export function tokensUsed(entries: readonly JournalEntry[], profileId: string): UsedToken[] {
  const byToken = new Map<string, UsedToken>();
  for (const entry of entries) {
    if (entry.operation !== 'createOrder' || entry.state !== 'SUCCEEDED') continue;
    const input = inputFromJournal(operations.createOrder, entry);
    const token = input.self_match_prevention_id;
    if (input.profile_id !== profileId || typeof token !== 'string' || !token) continue;
    const seen = byToken.get(token);
    if (!seen) byToken.set(token, { token, orders: 1, lastUsed: entry.created_at });
    else {
      seen.orders += 1;
      if (entry.created_at > seen.lastUsed) seen.lastUsed = entry.created_at;
    }
  }
  return [...byToken.values()].sort((a, b) => b.lastUsed.localeCompare(a.lastUsed));
}

/**
 * The tokens of a profile's accepted orders, from the console's journal: its latest 500 order
 * sends are read (one page), enough for the tokens a desk keeps reusing.
 */
export function useUsedTokens(profileId: string | undefined) {
  return useQuery({
    queryKey: ['journal', 'createOrder', 'SUCCEEDED', 'tokens'],
    queryFn: () => listJournal({ operation: 'createOrder', state: 'SUCCEEDED' }, undefined, 500),
    select: (page) => (profileId ? tokensUsed(page.items, profileId) : []),
    enabled: profileId !== undefined,
    staleTime: 60_000,
  });
}
