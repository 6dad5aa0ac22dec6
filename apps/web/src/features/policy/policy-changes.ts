import { isRecord } from '@console/schemas';

/** One member of a policy document that a draft changes, in words. */
export interface PolicyChange {
  /** The member, as the BFF's problems name it (`operations.createOrder`, `max_wait_hours`). */
  path: string;
  words: 'added' | 'removed' | 'changed';
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What a draft changes of the version in force, member by member: each operation's rule, and
 * each other top-level member (the limits, the book's cooling-off, the default wait) as a whole.
 * What the approver reads before approving, and what the proposer checks before proposing.
 */
export function changedMembers(before: unknown, after: unknown): PolicyChange[] {
  const a = isRecord(before) ? before : {};
  const b = isRecord(after) ? after : {};
  const changes: PolicyChange[] = [];
  const compare = (path: string, x: unknown, y: unknown) => {
    if (x === undefined && y !== undefined) changes.push({ path, words: 'added' });
    else if (x !== undefined && y === undefined) changes.push({ path, words: 'removed' });
    else if (!same(x, y)) changes.push({ path, words: 'changed' });
  };
  const keys = (x: Record<string, unknown>, y: Record<string, unknown>) =>
    [...new Set([...Object.keys(x), ...Object.keys(y)])].sort();
  for (const key of keys(a, b)) {
    if (key === 'operations' && (isRecord(a[key]) || isRecord(b[key]))) {
      const x = isRecord(a[key]) ? a[key] : {};
      const y = isRecord(b[key]) ? b[key] : {};
      for (const id of keys(x, y)) compare(`operations.${id}`, x[id], y[id]);
    } else {
      compare(key, a[key], b[key]);
    }
  }
  return changes;
}
