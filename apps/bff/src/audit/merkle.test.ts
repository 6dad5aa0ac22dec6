import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ROOT,
  consistencyProof,
  inclusionProof,
  leafHash,
  rootOf,
  subtreeHashes,
  verifyConsistency,
  verifyInclusion,
} from './merkle';

// RFC 9162 §2.1 transcribed as literally as possible, recursion and slices, sharing nothing with
// the module under test but SHA-256: what the module's unrolled and streaming forms must equal.
const sha = (...parts: Uint8Array[]) => {
  const h = createHash('sha256');
  for (const part of parts) h.update(part);
  return h.digest();
};
const split = (n: number) => 2 ** Math.ceil(Math.log2(n) - 1);
// Kept by the range's first leaf and length (the leaves below are all distinct): the definition
// recomputed for every pair of sizes took most of this file's time.
const known = new Map<string, Buffer>();
function mth(d: Uint8Array[]): Buffer {
  if (d.length === 0) return sha();
  if (d.length === 1) return sha(Uint8Array.of(0), d[0]!);
  const key = `${Buffer.from(d[0]!).toString('hex')}:${d.length}`;
  const k = split(d.length);
  const hash = known.get(key) ?? sha(Uint8Array.of(1), mth(d.slice(0, k)), mth(d.slice(k)));
  known.set(key, hash);
  return hash;
}
function path(m: number, d: Uint8Array[]): Buffer[] {
  if (d.length === 1) return [];
  const k = split(d.length);
  return m < k
    ? [...path(m, d.slice(0, k)), mth(d.slice(k))]
    : [...path(m - k, d.slice(k)), mth(d.slice(0, k))];
}
function subproof(m: number, d: Uint8Array[], b: boolean): Buffer[] {
  if (m === d.length) return b ? [] : [mth(d)];
  const k = split(d.length);
  return m <= k
    ? [...subproof(m, d.slice(0, k), b), mth(d.slice(k))]
    : [...subproof(m - k, d.slice(k), false), mth(d.slice(0, k))];
}

// One more than the largest tree, so that a tree of n + 1 is always another tree.
const leaves = Array.from({ length: 71 }, (_, i) => Buffer.from(`record ${i}`));
const hex = (hashes: Buffer[]) => hashes.map((h) => h.toString('hex'));
const tree = (n: number) => subtreeHashes(leaves.slice(0, n).map(leafHash));
const root = (n: number) => rootOf(leaves.slice(0, n).map(leafHash));
const flip = (hash: Uint8Array) => {
  const copy = Buffer.from(hash);
  copy[0]! ^= 1;
  return copy;
};

describe('RFC 9162 Merkle trees', () => {
  // The RFC 6962 test leaves and roots used by Certificate Transparency's and Trillian's tests,
  // recomputed here by an independent Python transcription of §2.1 before being pinned.
  const ctLeaves = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657'].map((h) =>
    Buffer.from(h, 'hex'),
  );
  ctLeaves.push(Buffer.from('606162636465666768696a6b6c6d6e6f', 'hex'));
  it.each([
    [0, 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    [1, '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d'],
    [2, 'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125'],
    [3, 'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77'],
    [5, '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4'],
    [7, 'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c'],
    [8, '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328'],
  ])('the root of the first %i test leaves is %s', (n, expected) => {
    expect(rootOf(ctLeaves.slice(0, n).map(leafHash)).toString('hex')).toBe(expected);
  });

  it.each([
    [
      'an inclusion path (leaf 5 of 8)',
      () => inclusionProof(5, 8, ctTree),
      [
        'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
        'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
        'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
      ],
    ],
    [
      'a consistency proof (3 to 7)',
      () => consistencyProof(3, 7, ctTree),
      [
        '0298d122906dcfc10892cb53a73992fc5b9f493ea4c9badb27b791b4127a7fe7',
        '07506a85fd9dd2f120eb694f86011e5bb4662e5c415a62917033d4a9624487e7',
        'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
        '837dbb152e9b079010717e84e865da4ebc0fa198a806d59d31bf15accef22d0e',
      ],
    ],
  ])('%s is the pinned one', (_, made, expected) => {
    expect(hex(made())).toEqual(expected);
  });
  const ctTree = subtreeHashes(ctLeaves.map(leafHash));

  it('computes the root in one pass as the recursive definition does, for 0 to 70 leaves', () => {
    for (let n = 0; n <= 70; n += 1) expect(root(n)).toEqual(mth(leaves.slice(0, n)));
    expect(root(0)).toEqual(EMPTY_ROOT);
  });

  // Each size and leaf (or pair of sizes): what the definition gives, the proof verifying, and the
  // tampered cases failing. Outcomes that differ are collected and compared once: thousands of
  // `expect` calls cost more than the hashing.
  it('proves every leaf of trees of 1 to 70 leaves, as PATH does, and only there', () => {
    const wrong: string[] = [];
    const expectThat = (what: string, holds: boolean) => holds || wrong.push(what);
    for (let n = 1; n <= 70; n += 1) {
      const hashes = tree(n);
      const r = root(n);
      const next = root(n + 1);
      for (let m = 0; m < n; m += 1) {
        const proof = inclusionProof(m, n, hashes);
        const at = `leaf ${m} of ${n}`;
        expectThat(`${at}: PATH`, hex(proof).join() === hex(path(m, leaves.slice(0, n))).join());
        const leaf = leafHash(leaves[m]!);
        expectThat(`${at} verifies`, verifyInclusion(m, n, leaf, proof, r));
        // Another leaf, position, tree head or root; a changed or added step: each fails.
        const fails = (name: string, ok: boolean) => expectThat(`${at}, ${name}, fails`, !ok);
        fails('another leaf', verifyInclusion(m, n, leafHash(Buffer.from('x')), proof, r));
        if (n > 1) fails('another index', verifyInclusion((m + 1) % n, n, leaf, proof, r));
        fails('the next tree head', verifyInclusion(m, n + 1, leaf, proof, next));
        fails('a changed root', verifyInclusion(m, n, leaf, proof, flip(r)));
        proof.forEach((_, i) => {
          const changed = proof.map((p, j) => (i === j ? flip(p) : p));
          fails(`step ${i} changed`, verifyInclusion(m, n, leaf, changed, r));
        });
        fails('a step added', verifyInclusion(m, n, leaf, [...proof, r], r));
      }
    }
    expect(wrong).toEqual([]);
  });

  it('proves every pair of sizes m ≤ n ≤ 70 consistent, as PROOF does, and only with their roots', () => {
    const wrong: string[] = [];
    const expectThat = (what: string, holds: boolean) => holds || wrong.push(what);
    for (let n = 1; n <= 70; n += 1) {
      const hashes = tree(n);
      const second = root(n);
      // A tree of n that does not extend the earlier ones: its first leaf changed.
      const forked = rootOf([leafHash(Buffer.from('x')), ...leaves.slice(1, n).map(leafHash)]);
      for (let m = 0; m <= n; m += 1) {
        const proof = consistencyProof(m, n, hashes);
        const first = root(m);
        const at = `${m} to ${n}`;
        const defined = m === 0 ? [] : hex(subproof(m, leaves.slice(0, n), true));
        expectThat(`${at}: PROOF`, hex(proof).join() === defined.join());
        expectThat(`${at} verifies`, verifyConsistency(m, n, first, second, proof));
        if (m === 0) continue;
        const fails = (name: string, ok: boolean) => expectThat(`${at}, ${name}, fails`, !ok);
        fails('first root changed', verifyConsistency(m, n, flip(first), second, proof));
        fails('second root changed', verifyConsistency(m, n, first, flip(second), proof));
        if (m === n) continue;
        fails('a fork', verifyConsistency(m, n, first, forked, proof));
        fails('another first head', verifyConsistency(m - 1, n, root(m - 1), second, proof));
        proof.forEach((_, i) => {
          const changed = proof.map((p, j) => (i === j ? flip(p) : p));
          fails(`step ${i} changed`, verifyConsistency(m, n, first, second, changed));
        });
      }
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['a leaf past the tree', () => inclusionProof(3, 3, tree(3))],
    ['a negative leaf', () => inclusionProof(-1, 3, tree(3))],
    ['a first tree larger than the second', () => consistencyProof(4, 3, tree(3))],
  ])('refuses to prove %s', (_, prove) => {
    expect(prove).toThrow(RangeError);
  });

  it.each([
    ['an index past the size', () => verifyInclusion(3, 3, leafHash(leaves[0]!), [], root(3))],
    [
      'a tree of one leaf with a path',
      () => verifyInclusion(0, 1, leafHash(leaves[0]!), [root(1)], root(1)),
    ],
    ['a first size past the second', () => verifyConsistency(4, 3, root(4), root(3), [])],
    ['an empty proof between sizes', () => verifyConsistency(2, 3, root(2), root(3), [])],
    ['equal sizes with two roots', () => verifyConsistency(3, 3, root(3), flip(root(3)), [])],
  ])('rejects %s', (_, verify) => {
    expect(verify()).toBe(false);
  });
});
