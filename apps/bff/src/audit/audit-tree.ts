/**
 * Each chain as a Merkle tree (issue 57, ADR 022 "Proofs"): the leaves are the records' contents
 * (the canonical JSON's UTF-8, which names its chain, position and subject), in position order,
 * hashed as RFC 9162 hashes them (`merkle.ts`). The database hashes the leaves (`sha256` is the
 * same function on PostgreSQL and PGlite) and hands them over a page per row, hex-joined: a
 * million leaves cross as 20 rows of 3.2 MB rather than as a million rows of content.
 */
import type { Queryable } from '../db/db';
import { MerkleFrontier, type SubtreeHash, textLeafHash } from './merkle';

/** Leaves per statement. */
const PAGE = 50_000;

/** The leaf a record is: its content's UTF-8 bytes. */
export function recordLeafHash(content: string): Buffer {
  return textLeafHash(content);
}

/**
 * The leaf hashes of positions `from` to `to` (inclusive) of a chain, 32 bytes each in one
 * buffer. A position missing in that range (a record deleted) throws: no tree can be told of a
 * chain with a hole, and verification names it.
 */
export async function leafHashes(
  db: Queryable,
  chain: string,
  from: number,
  to: number,
): Promise<Buffer> {
  const out = Buffer.allocUnsafe(Math.max(0, to - from + 1) * 32);
  let written = 0;
  for (let lo = from; lo <= to; lo += PAGE) {
    const hi = Math.min(to, lo + PAGE - 1);
    const [row] = await db.query<{ hashes: string | null; n: string | number }>(
      `select string_agg(encode(sha256('\\x00'::bytea || convert_to(content, 'UTF8')), 'hex'), ''
         order by position) as hashes, count(*) as n
       from audit_records where chain = $1 and position between $2 and $3`,
      [chain, lo, hi],
    );
    if (Number(row?.n ?? 0) !== hi - lo + 1) {
      throw new Error(`the ${chain} chain lacks records between ${lo} and ${hi}`);
    }
    written += out.write(row!.hashes!, written, 'hex');
  }
  return out;
}

/** The leaf hash at `index` (from 0) of `leafHashes`' buffer. */
export const leafAt = (hashes: Buffer, index: number): Buffer =>
  hashes.subarray(index * 32, index * 32 + 32);

/**
 * A `SubtreeHash` over a chain's leaf hashes: each subtree a proof asks for is computed in one
 * pass over its own leaves, and kept, so the proofs of several records of one subject share
 * what they have in common.
 */
export function chainSubtrees(hashes: Buffer): SubtreeHash {
  const known = new Map<string, Buffer>();
  return (lo, hi) => {
    const key = `${lo}:${hi}`;
    let hash = known.get(key);
    if (!hash) {
      const frontier = new MerkleFrontier();
      for (let i = lo; i < hi; i += 1) frontier.push(leafAt(hashes, i));
      hash = frontier.root();
      known.set(key, hash);
    }
    return hash;
  };
}

interface Known {
  frontier: MerkleFrontier;
  /** The chain hash of the record at `frontier.size`: whether the chain still starts so. */
  hash: string;
}

/** Per database, per chain: the tree as far as this process last hashed it. */
const trees = new WeakMap<object, Map<string, Known>>();

/**
 * The root of a chain's first `size` records, whose chain hash at `size` is `hash` (the head
 * read with it). A process keeps its frontier (O(log n) hashes) between calls and hashes only the
 * records appended since, so a tree head every few minutes costs what was appended, not the
 * chain; when the chain no longer holds the record it stopped at (a cut or a rewrite), it starts
 * over, and the root then signed is of what the database holds, which verification judges.
 */
export async function chainRoot(
  db: Queryable,
  chain: string,
  size: number,
  hash: string,
): Promise<Buffer> {
  let known = trees.get(db);
  if (!known) trees.set(db, (known = new Map()));
  let tree = known.get(chain);
  if (tree && tree.frontier.size > size) tree = undefined;
  if (tree && tree.frontier.size > 0) {
    const [row] = await db.query<{ hash: string }>(
      'select hash from audit_records where chain = $1 and position = $2',
      [chain, tree.frontier.size],
    );
    if (row?.hash !== tree.hash) tree = undefined;
  }
  // A copy: a failed read below leaves the kept tree as it was.
  const frontier = tree ? tree.frontier.clone() : new MerkleFrontier();
  const added = await leafHashes(db, chain, frontier.size + 1, size);
  for (let i = 0; i < added.length / 32; i += 1) frontier.push(leafAt(added, i));
  known.set(chain, { frontier, hash });
  return frontier.root();
}

/** Forgets what this process hashed (tests that rewrite a chain behind its back). */
export function forgetTrees(db: Queryable): void {
  trees.delete(db);
}
