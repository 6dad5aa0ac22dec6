/**
 * The audit trail's proofs at 1 000 000 records (issue 57, ADR 022 "Proofs"), in process with the
 * BFF's own Merkle module, on leaves shaped as the journal's records: an inclusion proof's size
 * and the time to check it offline (what an auditor holding one record and the public key
 * does), the time to make it from the chain's leaf hashes (O(n): every leaf but one lies under a
 * sibling), and a consistency proof between two tree heads. Reading the leaf hashes from the
 * database is not part of it (`apps/bff/scripts/proof-figures.ts` times that on PostgreSQL).
 */
import { chainSubtrees, leafAt, recordLeafHash } from '@console/bff/src/audit/audit-tree';
import {
  consistencyProof,
  inclusionProof,
  MerkleFrontier,
  verifyConsistency,
  verifyInclusion,
} from '@console/bff/src/audit/merkle';
import type { BenchContext, Figure, Row } from '../lib/figure';
import { formatMs, median, round } from '../lib/stats';

const N = 1_000_000;
const EARLIER = 600_000;
/** A leaf in the middle of the right half: a path as long as any. */
const INDEX = 765_432;
const VERIFY_RUNS = 1_000;
const SIZE = 'Inclusion proof at 1 000 000 records: size';
const VERIFY = 'Inclusion proof at 1 000 000 records: checked offline';
const MAKE = 'Inclusion proof at 1 000 000 records: made from the leaf hashes';
const CONSISTENCY = 'Consistency proof 600 000 → 1 000 000 records: size';
/** ⌈log2 1 000 000⌉: RFC 9162's bound on an inclusion path. */
const MAX_HASHES = 20;
const VERIFY_GOAL_MS = 1;

export const auditProof: Figure = {
  id: 'audit-proof',
  timeoutMs: 300_000,
  rows: [
    { figure: SIZE, goal: `≤ ${MAX_HASHES} hashes` },
    { figure: VERIFY, goal: `< ${VERIFY_GOAL_MS} ms` },
    { figure: MAKE, goal: '' },
    { figure: CONSISTENCY, goal: '' },
  ],
  run: measure,
};

const since = (start: number) => performance.now() - start;

async function measure(ctx: BenchContext): Promise<Row[]> {
  ctx.log(`  hashing ${N} leaves`);
  const leaves = Buffer.allocUnsafe(N * 32);
  for (let i = 0; i < N; i += 1) {
    recordLeafHash(
      `{"body_sha256":"${'ab'.repeat(32)}","chain":"journal","kind":"entry-state","operation":"createInternalTransfer","operator":"alice","position":${i + 1},"recorded_at":"2026-12-07T06:00:00.000000Z","state":"SUCCEEDED"}`,
    ).copy(leaves, i * 32);
  }
  const rootOf = (size: number) => {
    const frontier = new MerkleFrontier();
    for (let i = 0; i < size; i += 1) frontier.push(leafAt(leaves, i));
    return frontier.root();
  };
  let start = performance.now();
  const root = rootOf(N);
  const rootMs = since(start);

  start = performance.now();
  const path = inclusionProof(INDEX, N, chainSubtrees(leaves));
  const makeMs = since(start);
  const leaf = leafAt(leaves, INDEX);
  if (!verifyInclusion(INDEX, N, leaf, path, root)) throw new Error('the proof does not verify');
  const checks: number[] = [];
  for (let batch = 0; batch < 5; batch += 1) {
    start = performance.now();
    for (let i = 0; i < VERIFY_RUNS; i += 1) verifyInclusion(INDEX, N, leaf, path, root);
    checks.push(since(start) / VERIFY_RUNS);
  }
  const verifyMs = median(checks);

  const consistency = consistencyProof(EARLIER, N, chainSubtrees(leaves));
  if (!verifyConsistency(EARLIER, N, rootOf(EARLIER), root, consistency)) {
    throw new Error('the consistency proof does not verify');
  }
  const note = `${N} leaves in process; leaf ${INDEX}`;
  return [
    {
      figure: SIZE,
      value: `${path.length} hashes (${path.length * 32} bytes)`,
      baseline: '',
      ratio: '',
      goal: `≤ ${MAX_HASHES} hashes`,
      pass: path.length <= MAX_HASHES,
      raw: { hashes: path.length, bytes: path.length * 32 },
      note,
    },
    {
      figure: VERIFY,
      value: formatMs(verifyMs),
      baseline: '',
      ratio: '',
      goal: `< ${VERIFY_GOAL_MS} ms`,
      pass: verifyMs < VERIFY_GOAL_MS,
      raw: { ms: round(verifyMs) },
      note: `median of 5 batches of ${VERIFY_RUNS}`,
    },
    {
      figure: MAKE,
      value: formatMs(makeMs),
      baseline: formatMs(rootMs),
      ratio: '',
      goal: '',
      pass: null,
      raw: { ms: round(makeMs), rootMs: round(rootMs) },
      note: 'O(n); baseline: the root in one pass',
    },
    {
      figure: CONSISTENCY,
      value: `${consistency.length} hashes (${consistency.length * 32} bytes)`,
      baseline: '',
      ratio: '',
      goal: '',
      pass: null,
      raw: { hashes: consistency.length },
      note,
    },
  ];
}
