/**
 * Verification of the audit trail (ADR 022), the one module that both `pnpm cli audit:verify`
 * and the audit page call. It walks every chain in order and names, per chain, the first record
 * that does not verify, how it broke, and the last record and checkpoint that still hold.
 *
 * The kinds of break:
 * - `changed`: a record's content, hash or columns no longer hash to what was chained (or a
 *   record was re-hashed: its successor chained another hash), or a signed checkpoint names
 *   another hash at its position (the chain was rewritten);
 * - `missing`: a position is absent (deleted), positions were renumbered over a deletion, or the
 *   chain ends before a signed checkpoint's head (its tail was cut);
 * - `reordered`: a record sits at a position its content does not name (records swapped).
 *
 * Then the live rows are bound to the chains (`audit-binding.ts`): a row that differs from its
 * latest record, a row the chain names that is gone, or a row no record names fails it too.
 *
 * Records written by their change and not sealed yet (`audit-sealer.ts`) are reported as
 * pending, how many and since when, never as a break: they are not on a chain yet.
 */
import type { KeyObject } from 'node:crypto';
import type { Queryable } from '../db/db';
import { type BindingReport, verifyBinding } from './audit-binding';
import { GENESIS_HASH } from './audit-canonical';
import { type ChainBreak, check, type RecordRow } from './audit-chain-check';
import { type PendingRecords, pendingRecords, sealPending } from './audit-sealer';
import {
  AUDIT_CHAINS,
  type AuditChain,
  type Checkpoint,
  checkpointSignatureHolds,
  parseHeads,
  storedCheckpoints,
} from './audit-checkpoint';
import { recordLeafHash } from './audit-tree';
import { MerkleFrontier } from './merkle';

export type { BreakKind, ChainBreak } from './audit-chain-check';

export interface ChainReport {
  chain: AuditChain;
  /** Records read. */
  records: number;
  ok: boolean;
  break: ChainBreak | null;
  /** The last record before the break (or the head): position 0 is the chain's start. */
  lastGood: { position: number; hash: string };
  /** The latest checkpoint that this chain still matches, before any break. */
  lastGoodCheckpoint: { id: number | null; signedAt: string; position: number } | null;
}

export interface AuditReport {
  ok: boolean;
  verifiedAt: string;
  chains: ChainReport[];
  checkpoints: {
    count: number;
    /** Whether signatures were checked (a public key was at hand). */
    signaturesChecked: boolean;
    /** Checkpoints whose signature does not hold: forged or altered. */
    forged: { id: number | null; signedAt: string }[];
  };
  /** The live rows compared with the latest record of each subject (issue 57). */
  binding: BindingReport;
  /** Records not sealed onto their chain yet: pending, not a break (issue 57). */
  pending: PendingRecords;
}

const PAGE = 5_000;

/**
 * The chain's records in position order, a range of positions at a time (100,000 records fit no
 * one query). A range, not `position > $2 order by position limit n`: with the table's
 * statistics stale after a bulk seal, the planner sorted every record after the page's start
 * for each page (an external sort on PGlite's 1 MB of work memory), quadratic in the chain's
 * length. A range reads its own records only, whatever the plan. An empty range (records
 * deleted) skips to the next position that exists, so a gap costs one query, not one per range.
 */
async function* records(db: Queryable, chain: AuditChain): AsyncGenerator<RecordRow> {
  let after = 0;
  for (;;) {
    const page = await db.query<RecordRow & { position: string | number }>(
      `select position, kind, subject, content, prev_hash, hash from audit_records
       where chain = $1 and position > $2 and position <= $3 order by position`,
      [chain, after, after + PAGE],
    );
    for (const row of page) yield { ...row, position: Number(row.position) };
    if (page.length > 0) {
      after += PAGE;
      continue;
    }
    const [next] = await db.query<{ position: string | number | null }>(
      'select min(position) as position from audit_records where chain = $1 and position > $2',
      [chain, after],
    );
    if (next?.position === null || next?.position === undefined) return;
    after = Number(next.position) - 1;
  }
}

async function verifyChain(
  db: Queryable,
  chain: AuditChain,
  checkpoints: { checkpoint: Checkpoint; position: number; hash: string; root: string | null }[],
): Promise<ChainReport> {
  const wanted = new Map<number, string>();
  // The tree in the same pass (issue 57): its root at each checkpoint's position, from the
  // frontier in O(log n), so a chain of n records costs n leaf hashes, not one pass per head.
  const roots = new Map<number, string>();
  const tree = new MerkleFrontier();
  let found: ChainBreak | null = null;
  let count = 0;
  let lastGood = { position: 0, hash: GENESIS_HASH };
  let previousGood = lastGood;
  let lastPosition = 0;
  const atCheckpoint = new Set(checkpoints.map((c) => c.position));
  const iterator = records(db, chain);
  let current = (await iterator.next()).value as RecordRow | undefined;
  while (current) {
    const next = (await iterator.next()).value as RecordRow | undefined;
    count += 1;
    if (!found) {
      found = check(current, next, chain, lastGood.position + 1, lastGood.hash);
      if (found) {
        if (found.position <= lastGood.position) lastGood = previousGood;
      } else {
        previousGood = lastGood;
        lastGood = { position: current.position, hash: current.hash };
      }
    }
    if (tree.size === current.position - 1) tree.push(recordLeafHash(current.content));
    if (atCheckpoint.has(current.position)) {
      wanted.set(current.position, current.hash);
      if (tree.size === current.position) roots.set(current.position, tree.root().toString('hex'));
    }
    lastPosition = current.position;
    current = next;
  }
  // Signed checkpoints, oldest first: the first one the chain no longer matches locates a
  // rewrite (or a cut tail) that the hashes alone cannot see.
  let lastGoodCheckpoint: ChainReport['lastGoodCheckpoint'] = null;
  let checkpointGood = { position: 0, hash: GENESIS_HASH };
  for (const { checkpoint, position, hash, root } of checkpoints) {
    if (found && position >= found.position) break;
    if (position === 0) continue;
    const stored = wanted.get(position);
    // A tree head whose root is not the records' (those before it hash as a chain): its
    // signer hashed other records than these, or the leaves were swapped with their hashes.
    if (stored === hash && root !== null && roots.get(position) !== root) {
      found = {
        position,
        kind: 'changed',
        detail: `its tree's root differs from the tree head signed at ${checkpoint.signedAt}`,
      };
      break;
    }
    if (stored === hash) {
      lastGoodCheckpoint = { id: checkpoint.id, signedAt: checkpoint.signedAt, position };
      checkpointGood = { position, hash };
      continue;
    }
    found = stored
      ? {
          position,
          kind: 'changed',
          detail: `it differs from the checkpoint signed at ${checkpoint.signedAt}`,
        }
      : {
          position: position > lastPosition ? lastPosition + 1 : position,
          kind: 'missing',
          detail: `the chain ends at ${lastPosition}, but the checkpoint signed at ${checkpoint.signedAt} names ${position}`,
        };
    break;
  }
  // A break found by a checkpoint lies before records that hashed well: only what the last
  // matching checkpoint signed is known good then.
  if (found && lastGood.position >= found.position) lastGood = checkpointGood;
  return {
    chain,
    records: count,
    ok: !found,
    break: found,
    lastGood,
    lastGoodCheckpoint,
  };
}

/**
 * Walks every chain and checks every checkpoint (stored, and `extraCheckpoints` from an external
 * copy, which the audit page and `audit:verify` both read when `AUDIT_CHECKPOINT_FILE` is set);
 * with `publicKey`, checkpoint signatures too. A chain that ends before the head a checkpoint
 * certifies is a `missing` break, so a tail cut together with the database's own newest
 * checkpoints shows against the copy. With `sealFirst`, what is pending is sealed before, so the
 * chains cover everything committed; what is committed meanwhile is reported pending.
 *
 * @example
 * const report = await verifyAuditTrail(db, { publicKey });
 * if (!report.ok) process.exitCode = 1;
 */
export async function verifyAuditTrail(
  db: Queryable,
  options: { publicKey?: KeyObject; extraCheckpoints?: Checkpoint[]; sealFirst?: boolean } = {},
): Promise<AuditReport> {
  if (options.sealFirst) await sealPending(db);
  const all = [...(await storedCheckpoints(db)), ...(options.extraCheckpoints ?? [])];
  const seen = new Set<string>();
  const checkpoints: Checkpoint[] = [];
  const forged: AuditReport['checkpoints']['forged'] = [];
  for (const checkpoint of all) {
    // The same checkpoint stored and in the copy counts once; lines that are no checkpoint
    // (no signature at all) each count.
    if (checkpoint.jws !== '' && seen.has(checkpoint.jws)) continue;
    seen.add(checkpoint.jws);
    if (await checkpointSignatureHolds(checkpoint, options.publicKey)) {
      checkpoints.push(checkpoint);
    } else {
      forged.push({ id: checkpoint.id, signedAt: checkpoint.signedAt });
    }
  }
  checkpoints.sort((a, b) => a.signedAt.localeCompare(b.signedAt));
  const chains: ChainReport[] = [];
  for (const chain of AUDIT_CHAINS) {
    const named = checkpoints.map((checkpoint) => ({
      checkpoint,
      ...parseHeads(checkpoint.heads)[chain],
    }));
    chains.push(await verifyChain(db, chain, named));
  }
  const binding = await verifyBinding(db);
  const pending = await pendingRecords(db);
  return {
    ok: chains.every((c) => c.ok) && forged.length === 0 && binding.ok,
    verifiedAt: new Date().toISOString(),
    chains,
    checkpoints: {
      count: checkpoints.length + forged.length,
      signaturesChecked: options.publicKey !== undefined,
      forged,
    },
    binding,
    pending,
  };
}
