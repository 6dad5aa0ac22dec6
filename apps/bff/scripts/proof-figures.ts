/**
 * Proof figures at 1,000,000 leaves (ADR 022 "Proofs"), run once by hand and reported there, not
 * a test: `node_modules/.bin/tsx scripts/proof-figures.ts [DATABASE_URL]`. With a PostgreSQL URL
 * it also times the leaf hashes read from a million records (a schema of its own, dropped).
 */
import { randomUUID } from 'node:crypto';
import { openPostgres } from '../src/db/postgres-db';
import { chainSubtrees, leafAt, leafHashes } from '../src/audit/audit-tree';
import {
  consistencyProof,
  inclusionProof,
  leafHash,
  MerkleFrontier,
  verifyConsistency,
  verifyInclusion,
} from '../src/audit/merkle';

const N = 1_000_000;
const ms = (start: bigint) => `${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(1)} ms`;

let t = process.hrtime.bigint();
const leaves = Buffer.allocUnsafe(N * 32);
for (let i = 0; i < N; i += 1)
  leafHash(Buffer.from(`{"chain":"journal","position":${i + 1}}`)).copy(leaves, i * 32);
console.log(`leaf hashes of ${N} leaves: ${ms(t)}`);
t = process.hrtime.bigint();
const frontier = new MerkleFrontier();
for (let i = 0; i < N; i += 1) frontier.push(leafAt(leaves, i));
const root = frontier.root();
console.log(`root in one pass: ${ms(t)}`);
const index = 765_432;
t = process.hrtime.bigint();
const path = inclusionProof(index, N, chainSubtrees(leaves));
console.log(
  `inclusion proof of leaf ${index}: ${ms(t)}, ${path.length} hashes, ${path.length * 32} bytes (${path.length * 64} hex characters)`,
);
t = process.hrtime.bigint();
for (let i = 0; i < 1000; i += 1) verifyInclusion(index, N, leafAt(leaves, index), path, root);
console.log(
  `its verification: ${(Number(process.hrtime.bigint() - t) / 1e6 / 1000).toFixed(3)} ms (1000 runs averaged), holds: ${verifyInclusion(index, N, leafAt(leaves, index), path, root)}`,
);
const m = 600_000;
const early = new MerkleFrontier();
for (let i = 0; i < m; i += 1) early.push(leafAt(leaves, i));
t = process.hrtime.bigint();
const consistency = consistencyProof(m, N, chainSubtrees(leaves));
console.log(
  `consistency proof ${m} to ${N}: ${ms(t)}, ${consistency.length} hashes; holds: ${verifyConsistency(m, N, early.root(), root, consistency)}`,
);

const url = process.argv[2];
if (url) {
  const schema = `figures_${randomUUID().replaceAll('-', '')}`;
  const admin = openPostgres(url);
  await admin.exec(
    `create schema ${schema}; create table ${schema}.audit_records (chain text, position bigint, content text, primary key (chain, position))`,
  );
  const db = openPostgres(`${url}${url.includes('?') ? '&' : '?'}search_path=${schema}`);
  try {
    t = process.hrtime.bigint();
    await db.exec(
      `insert into audit_records select 'journal', g, '{"body_sha256":"' || md5(g::text) || md5(g::text) || '","chain":"journal","journal_id":"' || gen_random_uuid() || '","kind":"entry-state","operation":"createInternalTransfer","operator":"alice","position":' || g || ',"recorded_at":"2026-12-07T06:00:00.000000Z","state":"SUCCEEDED"}' from generate_series(1, ${N}) g`,
    );
    console.log(`PostgreSQL: ${N} records inserted: ${ms(t)}`);
    t = process.hrtime.bigint();
    const hashes = await leafHashes(db, 'journal', 1, N);
    console.log(`PostgreSQL: leaf hashes of ${N} records read: ${ms(t)}`);
    t = process.hrtime.bigint();
    const p = inclusionProof(index, N, chainSubtrees(hashes));
    console.log(`PostgreSQL: then the proof: ${ms(t)} (${p.length} hashes)`);
  } finally {
    await db.close();
    await admin.exec(`drop schema ${schema} cascade`);
    await admin.close();
  }
}
