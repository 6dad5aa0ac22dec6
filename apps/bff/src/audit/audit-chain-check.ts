/**
 * One record checked against the one before it (ADR 022): what `audit-verify.ts` walks each
 * chain with. Split from it to keep each module small.
 */
import { recordHash } from './audit-canonical';
import type { AuditChain } from './audit-checkpoint';

export type BreakKind = 'changed' | 'missing' | 'reordered';

export interface ChainBreak {
  /** The first position that does not verify. */
  position: number;
  kind: BreakKind;
  detail: string;
}

/** A record as read from `audit_records`. */
export interface RecordRow {
  position: number;
  kind: string;
  subject: string | null;
  content: string;
  prev_hash: string;
  hash: string;
}

function parsed(content: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(content);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Checks one record against the one before it; null when it holds. */
export function check(
  row: RecordRow,
  next: RecordRow | undefined,
  chain: AuditChain,
  expected: number,
  prevHash: string,
): ChainBreak | null {
  if (row.position !== expected) {
    return {
      position: expected,
      kind: 'missing',
      detail: `positions ${expected} to ${row.position - 1} are missing`,
    };
  }
  const content = parsed(row.content);
  if (!content || recordHash(row.prev_hash, row.content) !== row.hash) {
    return {
      position: row.position,
      kind: 'changed',
      detail: 'its content does not hash to its hash',
    };
  }
  if (content.kind !== row.kind || (content.subject ?? null) !== row.subject) {
    return { position: row.position, kind: 'changed', detail: 'its kind or subject was changed' };
  }
  if (content.chain !== chain || content.position !== row.position) {
    const named = Number(content.position);
    // After a deletion the rest may have been renumbered: each then names the one after it.
    const renumbered =
      content.chain === chain &&
      named > row.position &&
      (next === undefined || parsed(next.content)?.position === named + 1);
    return renumbered
      ? {
          position: row.position,
          kind: 'missing',
          detail: `records were removed and the rest renumbered (this one was ${named})`,
        }
      : {
          position: row.position,
          kind: 'reordered',
          detail: `it was recorded as ${String(content.chain)} ${String(content.position)}`,
        };
  }
  if (row.prev_hash !== prevHash) {
    return {
      position: row.position - 1,
      kind: 'changed',
      detail: 'it was re-hashed: the next record chained another hash',
    };
  }
  return null;
}
