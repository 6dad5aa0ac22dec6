/**
 * Reconciliation in words (issue 40): what each kind of difference means to an operator, and
 * where a record the journal lacks came from.
 */
import type { ReconDifference } from '@console/schemas';
import { pagePath } from '@/lib/operation-routes';
import { KIND_WORDS } from '@/lib/reconcile-kinds';

export { KIND_WORDS, openDifferences } from '@/lib/reconcile-kinds';

export const SOURCE_WORDS: Record<NonNullable<ReconDifference['source']>, string> = {
  deposit: 'a deposit',
  rule: 'an orchestration rule',
  other: 'another client',
};

export const STATUS_WORDS: Record<ReconDifference['status'], string> = {
  open: 'Open',
  resolved: 'Resolved',
  closed: 'Closed by itself',
};

/** The kind, with the source of a record the journal lacks. */
export function differenceTitle(d: Pick<ReconDifference, 'kind' | 'source'>): string {
  const kind = KIND_WORDS[d.kind];
  return d.kind === 'unjournaled' && d.source ? `${kind} (${SOURCE_WORDS[d.source]})` : kind;
}

/**
 * The legs one difference stands for (issue 64), for the queue's row: "and its leg t-2
 * (INTERNAL_TRANSFER_CREDIT, profile p-b)". Empty for a difference of one record.
 */
export function legsLine(legs: ReconDifference['legs']): string {
  if (legs.length === 0) return '';
  const each = legs.map((leg) => {
    const about = [leg.type, leg.profile_id && `profile ${leg.profile_id}`].filter(Boolean);
    return about.length > 0 ? `${leg.id} (${about.join(', ')})` : leg.id;
  });
  return `and its ${legs.length === 1 ? 'leg' : `${legs.length} legs`} ${each.join(', ')}`;
}

/** The console's page of the service's record, where it has one without more ids. */
export function recordPath(
  d: Pick<ReconDifference, 'record_type' | 'record_id'>,
): string | undefined {
  if (!d.record_id) return undefined;
  if (d.record_type === 'transfer') return pagePath('getTransfer', { id: d.record_id });
  if (d.record_type === 'orchestration') return pagePath('getOrchestration', { id: d.record_id });
  return undefined;
}

/** Midnight UTC of the day `daysAgo` days before today, as an instant. */
export function utcDay(daysAgo: number, now = Date.now()): string {
  const today = new Date(now);
  return new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) -
      daysAgo * 86_400_000,
  ).toISOString();
}

/** A date field's value (`YYYY-MM-DD`, UTC) as the instant of its midnight. */
export const instantOfDate = (date: string): string => `${date}T00:00:00.000Z`;

/** An instant's UTC date (`YYYY-MM-DD`), as a date field holds it. */
export const dateOf = (instant: string) => instant.slice(0, 10);
