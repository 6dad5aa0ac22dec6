/*
 * The keys of the reconciliation queries (issue 40): a start, a run that ends and a difference
 * worked on its own page each have the runs or the queue read again by them.
 */

export const RUNS_KEY = ['reconciliation', 'runs'] as const;
export const DIFFERENCES_KEY = ['reconciliation', 'differences'] as const;
export const STATEMENTS_KEY = ['reconciliation', 'statements'] as const;
