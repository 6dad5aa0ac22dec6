/**
 * Proofs from the database (issue 57, ADR 022 "Proofs"): the inclusion of every record of one
 * subject in its chain's tree, and the consistency of two signed tree heads, each against
 * checkpoints the audit key signed. What they print, `audit-proof-verify.ts` checks with the
 * public key alone.
 */
import type { Db, Queryable } from '../db/db';
import {
  AUDIT_CHAINS,
  type AuditChain,
  type Checkpoint,
  createCheckpoint,
  parseHeads,
  storedCheckpoints,
} from './audit-checkpoint';
import type { AuditKey } from './audit-key';
import { sealPending } from './audit-sealer';
import { chainSubtrees, leafHashes } from './audit-tree';
import { consistencyProof, inclusionProof, rootOf } from './merkle';

export const INCLUSION_TYPE = 'console-audit-inclusion-proof';
export const CONSISTENCY_TYPE = 'console-audit-consistency-proof';

export interface InclusionProofs {
  type: typeof INCLUSION_TYPE;
  /** The subject every record names; null for an export's, which name many. */
  subject: string | null;
  /** The checkpoint (compact JWS) whose tree heads the records are proven in. */
  tree_head: string;
  records: { chain: AuditChain; position: number; content: string; path: string[] }[];
}

export interface ConsistencyProofs {
  type: typeof CONSISTENCY_TYPE;
  first: string;
  second: string;
  chains: { chain: AuditChain; first_size: number; second_size: number; path: string[] }[];
}

export class ProofError extends Error {
  override readonly name = 'ProofError';
}

const hasRoots = (checkpoint: Checkpoint) =>
  AUDIT_CHAINS.every((chain) => parseHeads(checkpoint.heads)[chain].root !== null);

/**
 * A chain's leaves up to `size`, checked against the root a tree head signed: a proof is only
 * made from records the signed tree still holds.
 */
async function signedTree(db: Queryable, chain: AuditChain, checkpoint: Checkpoint) {
  const head = parseHeads(checkpoint.heads)[chain];
  const hashes = await leafHashes(db, chain, 1, head.position);
  const subtrees = chainSubtrees(hashes);
  const root = head.position === 0 ? rootOf([]) : subtrees(0, head.position);
  if (root.toString('hex') !== head.root) {
    throw new ProofError(
      `The ${chain} chain no longer matches the tree head signed at ${checkpoint.signedAt}: run audit:verify`,
    );
  }
  return { size: head.position, subtrees };
}

type RecordRow = { chain: AuditChain; position: number; content: string };

/** Each record's inclusion proof in the tree heads `head` signs. */
async function proofsIn(db: Queryable, records: RecordRow[], head: Checkpoint) {
  const trees = new Map<AuditChain, Awaited<ReturnType<typeof signedTree>>>();
  const proven: InclusionProofs['records'] = [];
  for (const record of records) {
    let tree = trees.get(record.chain);
    if (!tree) trees.set(record.chain, (tree = await signedTree(db, record.chain, head)));
    const path = inclusionProof(record.position - 1, tree.size, tree.subtrees);
    proven.push({ ...record, path: path.map((h) => h.toString('hex')) });
  }
  return proven;
}

/** The records that name any of `subjects`, in chain and position order. */
async function recordsOf(db: Queryable, subjects: string[]): Promise<RecordRow[]> {
  const rows = await db.query<{ chain: AuditChain; position: string | number; content: string }>(
    `select chain, position, content from audit_records where subject = any($1::text[])
     order by chain, position`,
    [subjects],
  );
  return rows.map((row) => ({ ...row, position: Number(row.position) }));
}

/**
 * Every record of `subject`, each with its inclusion proof against the latest signed tree head.
 * When a record lies past it, a new tree head is signed with `key`; without one, that is an
 * error naming `audit:checkpoint`.
 */
export async function proveSubject(
  db: Db,
  subject: string,
  key: AuditKey | undefined,
): Promise<InclusionProofs> {
  // Its records still pending are sealed first (issue 57): a proof is of chained records only.
  await sealPending(db);
  const records = await recordsOf(db, [subject]);
  if (records.length === 0) throw new ProofError(`No record names ${subject}`);
  let head = (await storedCheckpoints(db)).filter(hasRoots).at(-1);
  const covered = (checkpoint: Checkpoint | undefined) =>
    checkpoint !== undefined &&
    records.every((r) => r.position <= parseHeads(checkpoint.heads)[r.chain].position);
  if (!covered(head)) {
    if (!key) {
      throw new ProofError(
        `Records of ${subject} are past the latest signed tree head: sign one (audit:checkpoint) or set AUDIT_SIGNING_KEY_FILE`,
      );
    }
    head = await createCheckpoint(db, key);
  }
  const proven = await proofsIn(db, records, head!);
  return { type: INCLUSION_TYPE, subject, tree_head: head!.jws, records: proven };
}

/**
 * The proofs a signed export carries: every record of every subject it holds (an entry's, an
 * event's), and the export's own record, against the tree head signed after that record.
 */
export async function proveExport(
  db: Queryable,
  made: { subjects: string[]; recordSubject: string; treeHead: Checkpoint },
): Promise<InclusionProofs> {
  const own = (await recordsOf(db, [made.recordSubject])).filter((r) => r.chain === 'audit');
  const records = [...(await recordsOf(db, made.subjects)), own.at(-1)!];
  const proven = await proofsIn(db, records, made.treeHead);
  return { type: INCLUSION_TYPE, subject: null, tree_head: made.treeHead.jws, records: proven };
}

/**
 * That the checkpoint `to` (default: the latest) extends `from` in every chain: one consistency
 * proof per chain between their signed tree heads.
 */
export async function proveConsistency(
  db: Queryable,
  from: number,
  to?: number,
): Promise<ConsistencyProofs> {
  const signed = (await storedCheckpoints(db)).filter(hasRoots);
  const first = signed.find((c) => c.id === from);
  const second = to === undefined ? signed.at(-1) : signed.find((c) => c.id === to);
  if (!first || !second) {
    throw new ProofError(
      `No signed tree head ${first ? to : from} (checkpoints signed before issue 57 have no roots)`,
    );
  }
  const chains: ConsistencyProofs['chains'] = [];
  for (const chain of AUDIT_CHAINS) {
    const m = parseHeads(first.heads)[chain].position;
    const tree = await signedTree(db, chain, second);
    if (m > tree.size) {
      throw new ProofError(
        `Tree head ${second.id} is older than ${first.id} in the ${chain} chain`,
      );
    }
    const path = consistencyProof(m, tree.size, tree.subtrees);
    chains.push({
      chain,
      first_size: m,
      second_size: tree.size,
      path: path.map((h) => h.toString('hex')),
    });
  }
  return { type: CONSISTENCY_TYPE, first: first.jws, second: second.jws, chains };
}
