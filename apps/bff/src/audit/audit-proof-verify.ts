/**
 * Offline verification of the proofs `audit-proof.ts` makes (issue 57): the public key and the
 * proof file, no database. Each record costs O(log n) hashes: its leaf hashed, then one node per
 * step of its path, up to the root the signed tree head names.
 */
import type { KeyObject } from 'node:crypto';
import { AUDIT_CHAINS, type AuditChain, type Heads, parseHeads } from './audit-checkpoint';
import { verifiedPayload } from './audit-key';
import { CONSISTENCY_TYPE, INCLUSION_TYPE } from './audit-proof';
import { recordLeafHash } from './audit-tree';
import { verifyConsistency, verifyInclusion } from './merkle';

export interface ProofVerdict {
  ok: boolean;
  /** What holds or what does not, in words, a line each. */
  lines: string[];
}

const HEX = /^[0-9a-f]{64}$/;
const bytes = (hex: unknown) =>
  typeof hex === 'string' && HEX.test(hex) ? Buffer.from(hex, 'hex') : null;
const hashes = (list: unknown) => {
  if (!Array.isArray(list)) return null;
  const out = list.map(bytes);
  return out.every((b) => b !== null) ? (out as Buffer[]) : null;
};

/** The tree heads a checkpoint signs, when its signature holds and it names every root. */
async function signedHeads(jws: unknown, publicKey: KeyObject): Promise<Heads | null> {
  if (typeof jws !== 'string') return null;
  const payload = await verifiedPayload(jws, publicKey);
  if (!payload) return null;
  try {
    const heads = parseHeads(new TextDecoder().decode(payload));
    return AUDIT_CHAINS.every(
      (c) => bytes(heads[c].root) && Number.isSafeInteger(heads[c].position),
    )
      ? heads
      : null;
  } catch {
    return null;
  }
}

/** When a tree head was signed, for the words: read from its payload, already verified. */
const signedAt = (jws: string) => {
  try {
    const payload = JSON.parse(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString());
    return String((payload as { signed_at?: unknown }).signed_at ?? 'an unknown time');
  } catch {
    return 'an unknown time';
  }
};

function parsedContent(content: unknown): Record<string, unknown> | null {
  if (typeof content !== 'string') return null;
  try {
    const value: unknown = JSON.parse(content);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

async function inclusion(file: Record<string, unknown>, key: KeyObject): Promise<ProofVerdict> {
  const heads = await signedHeads(file.tree_head, key);
  if (!heads) {
    return { ok: false, lines: ['The tree head is NOT signed by this key (or names no roots).'] };
  }
  const at = signedAt(String(file.tree_head));
  const records = Array.isArray(file.records) ? (file.records as Record<string, unknown>[]) : [];
  if (records.length === 0) return { ok: false, lines: ['The file proves no record.'] };
  const lines: string[] = [];
  let ok = true;
  for (const record of records) {
    const chain = record.chain as AuditChain;
    const position = Number(record.position);
    const name = `${String(record.chain)} ${String(record.position)}`;
    const content = parsedContent(record.content);
    const path = hashes(record.path);
    const head = AUDIT_CHAINS.includes(chain) ? heads[chain] : undefined;
    // The content names its chain, position and subject: a proof of another record does not
    // pass for this one.
    const named =
      content?.chain === chain &&
      content.position === position &&
      (file.subject === null || content.subject === file.subject);
    const holds =
      head !== undefined &&
      named &&
      path !== null &&
      verifyInclusion(
        position - 1,
        head.position,
        recordLeafHash(String(record.content)),
        path,
        Buffer.from(head.root!, 'hex'),
      );
    ok &&= holds;
    lines.push(
      holds
        ? `Record ${name} (${String(content?.kind)}) is in the ${chain} tree of ${head.position} records signed at ${at}.`
        : `Record ${name} is NOT proven: ${named ? 'its path does not lead to the signed root' : 'its content does not name this chain, position and subject'}.`,
    );
  }
  return { ok, lines };
}

async function consistency(file: Record<string, unknown>, key: KeyObject): Promise<ProofVerdict> {
  const first = await signedHeads(file.first, key);
  const second = await signedHeads(file.second, key);
  if (!first || !second) {
    return { ok: false, lines: ['A tree head is NOT signed by this key (or names no roots).'] };
  }
  const chains = Array.isArray(file.chains) ? (file.chains as Record<string, unknown>[]) : [];
  const lines: string[] = [];
  let ok = chains.length === AUDIT_CHAINS.length;
  if (!ok) lines.push('The file does not prove every chain.');
  for (const chain of AUDIT_CHAINS) {
    const proof = chains.find((c) => c.chain === chain);
    const path = hashes(proof?.path);
    const [m, n] = [first[chain].position, second[chain].position];
    const holds =
      path !== null &&
      verifyConsistency(
        m,
        n,
        Buffer.from(first[chain].root!, 'hex'),
        Buffer.from(second[chain].root!, 'hex'),
        path,
      );
    ok &&= holds;
    lines.push(
      holds
        ? `The ${chain} tree of ${n} records extends the one of ${m}.`
        : `The ${chain} tree of ${n} records does NOT extend the one of ${m}.`,
    );
  }
  return { ok, lines };
}

/** Checks a proof file's contents (either kind) under `publicKey`. */
export async function verifyProofFile(text: string, publicKey: KeyObject): Promise<ProofVerdict> {
  let file: Record<string, unknown>;
  try {
    file = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { ok: false, lines: ['The file is not JSON.'] };
  }
  if (file.type === INCLUSION_TYPE) return inclusion(file, publicKey);
  if (file.type === CONSISTENCY_TYPE) return consistency(file, publicKey);
  return { ok: false, lines: ['The file is not a proof of the audit trail.'] };
}
