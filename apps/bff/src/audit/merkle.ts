/**
 * Merkle trees as RFC 9162 (Certificate Transparency 2.0) §2.1 defines them: pure functions, no
 * database. The leaf hash is SHA-256(0x00 || leaf) and an interior node's SHA-256(0x01 || left ||
 * right), so a leaf can never pass for a node (second preimages). The tree of n leaves splits at
 * k, the largest power of two below n: MTH(D[n]) = HASH(0x01 || MTH(D[0:k]) || MTH(D[k:n])).
 *
 * Proofs are made from a `SubtreeHash` (the MTH of leaves [lo, hi)), so the caller decides how
 * the hashes it needs are found: only the O(log n) subtrees a proof names are asked for.
 * Verifiers follow §2.1.3.2 and §2.1.4.2 step by step, in O(log n) hashes.
 */
import { createHash, hash } from 'node:crypto';

// One-shot `hash` over one buffer rather than a `Hash` object per call: verification hashes a
// leaf and about one node per record, and the object was most of that cost (issue 57).
export function leafHash(leaf: Uint8Array): Buffer {
  const input = Buffer.allocUnsafe(1 + leaf.length);
  input[0] = 0;
  input.set(leaf, 1);
  return hash('sha256', input, 'buffer');
}

/** The leaf hash of a string's UTF-8 bytes, encoded straight after the prefix (no copy). */
export function textLeafHash(leaf: string): Buffer {
  const input = Buffer.allocUnsafe(1 + Buffer.byteLength(leaf, 'utf8'));
  input[0] = 0;
  input.write(leaf, 1, 'utf8');
  return hash('sha256', input, 'buffer');
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Buffer {
  const input = Buffer.allocUnsafe(1 + left.length + right.length);
  input[0] = 1;
  input.set(left, 1);
  input.set(right, 1 + left.length);
  return hash('sha256', input, 'buffer');
}

/** MTH({}): the hash of an empty tree, SHA-256 of nothing. */
export const EMPTY_ROOT: Buffer = createHash('sha256').digest();

/** The largest power of two strictly below `n` (n ≥ 2). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * The root of leaves seen one by one, in one pass and O(log n) memory: a stack of the perfect
 * subtrees on the tree's right edge (a "compact range"), merged as two of a size meet.
 */
export class MerkleFrontier {
  private readonly stack: { hash: Buffer; size: number }[] = [];
  size = 0;

  /** Adds the next leaf, by its leaf hash. */
  push(hash: Buffer): void {
    let node = { hash, size: 1 };
    while (this.stack.length > 0 && this.stack[this.stack.length - 1]!.size === node.size) {
      const left = this.stack.pop()!;
      node = { hash: nodeHash(left.hash, node.hash), size: left.size * 2 };
    }
    this.stack.push(node);
    this.size += 1;
  }

  /** Another frontier at the same point, to extend apart from this one. */
  clone(): MerkleFrontier {
    const copy = new MerkleFrontier();
    copy.stack.push(...this.stack);
    copy.size = this.size;
    return copy;
  }

  /** MTH of the leaves pushed so far: the edge's subtrees folded from the right. */
  root(): Buffer {
    if (this.stack.length === 0) return EMPTY_ROOT;
    let hash = this.stack[this.stack.length - 1]!.hash;
    for (let i = this.stack.length - 2; i >= 0; i -= 1) hash = nodeHash(this.stack[i]!.hash, hash);
    return hash;
  }
}

/** The root over leaf hashes, in one pass. */
export function rootOf(leafHashes: Iterable<Buffer>): Buffer {
  const frontier = new MerkleFrontier();
  for (const hash of leafHashes) frontier.push(hash);
  return frontier.root();
}

/** The MTH of leaves [lo, hi) of a tree; asked only for the subtrees a proof needs. */
export type SubtreeHash = (lo: number, hi: number) => Buffer;

/** A `SubtreeHash` over leaf hashes in memory, each range computed in one pass and kept. */
export function subtreeHashes(leafHashes: readonly Buffer[]): SubtreeHash {
  const known = new Map<string, Buffer>();
  return (lo, hi) => {
    const key = `${lo}:${hi}`;
    let hash = known.get(key);
    if (!hash) {
      hash = rootOf(leafHashes.slice(lo, hi));
      known.set(key, hash);
    }
    return hash;
  };
}

/** PATH(m, D[n]) of §2.1.3.1: the audit path of leaf `index` in the tree of `size` leaves. */
export function inclusionProof(index: number, size: number, hash: SubtreeHash): Buffer[] {
  if (!(Number.isSafeInteger(index) && index >= 0 && index < size)) {
    throw new RangeError(`leaf ${index} is not in a tree of ${size}`);
  }
  const path: Buffer[] = [];
  // The recursion unrolled: [lo, lo + n) is the subtree the leaf is in; siblings are collected
  // top-down and the path lists them bottom-up.
  let lo = 0;
  let n = size;
  let m = index;
  while (n > 1) {
    const k = splitPoint(n);
    if (m < k) {
      path.push(hash(lo + k, lo + n));
      n = k;
    } else {
      path.push(hash(lo, lo + k));
      lo += k;
      m -= k;
      n -= k;
    }
  }
  return path.reverse();
}

/** PROOF(m, D[n]) of §2.1.4.1: shows the tree of `second` leaves extends that of `first`. */
export function consistencyProof(first: number, second: number, hash: SubtreeHash): Buffer[] {
  if (!(Number.isSafeInteger(first) && first >= 0 && first <= second)) {
    throw new RangeError(`a tree of ${first} is not a prefix of one of ${second}`);
  }
  if (first === 0 || first === second) return [];
  const path: Buffer[] = [];
  let lo = 0;
  let n = second;
  let m = first;
  let whole = true; // SUBPROOF's b: whether D[0:m] is the very tree the proof starts from
  while (m !== n) {
    const k = splitPoint(n);
    if (m <= k) {
      path.push(hash(lo + k, lo + n));
      n = k;
    } else {
      path.push(hash(lo, lo + k));
      lo += k;
      m -= k;
      n -= k;
      whole = false;
    }
  }
  if (!whole) path.push(hash(lo, lo + m));
  return path.reverse();
}

const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0;

/** §2.1.3.2: whether `path` proves the leaf hash at `index` in the tree of `size` with `root`. */
export function verifyInclusion(
  index: number,
  size: number,
  leaf: Uint8Array,
  path: readonly Uint8Array[],
  root: Uint8Array,
): boolean {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size)) || index < 0) return false;
  if (index >= size) return false;
  // Bigint: positions past 2^31 would break JavaScript's 32-bit shifts.
  let fn = BigInt(index);
  let sn = BigInt(size - 1);
  let r: Uint8Array = leaf;
  for (const p of path) {
    if (sn === 0n) return false;
    if ((fn & 1n) === 1n || fn === sn) {
      r = nodeHash(p, r);
      while ((fn & 1n) === 0n && fn !== 0n) {
        fn >>= 1n;
        sn >>= 1n;
      }
    } else {
      r = nodeHash(r, p);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return sn === 0n && same(r, root);
}

/** §2.1.4.2: whether `path` proves the tree (`second`, `secondRoot`) extends (`first`, `firstRoot`). */
export function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Uint8Array,
  secondRoot: Uint8Array,
  path: readonly Uint8Array[],
): boolean {
  if (!(Number.isSafeInteger(first) && Number.isSafeInteger(second))) return false;
  if (first < 0 || first > second) return false;
  // The two cases the RFC's algorithm leaves out: an empty tree is a prefix of every tree, and
  // a tree extends itself only with the same root. Neither needs a proof.
  if (first === 0) return path.length === 0 && same(firstRoot, EMPTY_ROOT);
  if (first === second) return path.length === 0 && same(firstRoot, secondRoot);
  if (path.length === 0) return false;
  const nodes = [...path];
  if ((first & (first - 1)) === 0) nodes.unshift(firstRoot);
  let fn = BigInt(first - 1);
  let sn = BigInt(second - 1);
  while ((fn & 1n) === 1n) {
    fn >>= 1n;
    sn >>= 1n;
  }
  let fr: Uint8Array = nodes[0]!;
  let sr: Uint8Array = nodes[0]!;
  for (const c of nodes.slice(1)) {
    if (sn === 0n) return false;
    if ((fn & 1n) === 1n || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while ((fn & 1n) === 0n && fn !== 0n) {
        fn >>= 1n;
        sn >>= 1n;
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return same(fr, firstRoot) && same(sr, secondRoot) && sn === 0n;
}
