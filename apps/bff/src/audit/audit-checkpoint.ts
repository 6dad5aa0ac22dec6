/**
 * Checkpoints (ADR 022): every chain's head at one moment, signed with the audit key and stored.
 * A checkpoint is what catches a rewrite of a whole chain (every hash recomputed), which the
 * chain alone cannot: the rewriter does not have the audit key, and a copy sent outside the
 * database (a file) survives the database's own checkpoints being rewritten too.
 */
import { appendFile, readFile } from 'node:fs/promises';
import type { KeyObject } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { canonicalJson, GENESIS_HASH, type CanonicalValue } from './audit-canonical';
import { type AuditKey, verifiedPayload } from './audit-key';
import { sealPending } from './audit-sealer';
import { chainRoot } from './audit-tree';

export const AUDIT_CHAINS = ['journal', 'approvals', 'security', 'audit'] as const;
export type AuditChain = (typeof AUDIT_CHAINS)[number];

/** The lock every append takes (migration 016): holding it, the heads stand still. */
export const AUDIT_LOCK = 4242016;

/**
 * Each chain's head: its last position (the tree's size) and chain hash, and the Merkle root of
 * its records 1 to position (`audit-tree.ts`); null in checkpoints signed before issue 57.
 */
export type Heads = Record<AuditChain, { position: number; hash: string; root: string | null }>;

/** A checkpoint as stored, or as read back from the external copy. */
export interface Checkpoint {
  /** The database's id; null for one known only from the external copy. */
  id: number | null;
  signedAt: string;
  keyId: string;
  /** Canonical JSON of the heads (`headsJson`): the signed payload. */
  heads: string;
  jws: string;
}

export const CHECKPOINT_TYP = 'console-audit-checkpoint';

/**
 * The payload of a checkpoint, a signed tree head of every chain: flat canonical JSON,
 * `<chain>.position` (the tree's size), `<chain>.hash`, `<chain>.root` (hex), `key_id` and
 * `signed_at`.
 */
export function headsJson(heads: Heads, signedAt: string, keyId?: string): string {
  const fields: Record<string, CanonicalValue> = { signed_at: signedAt };
  if (keyId) fields.key_id = keyId;
  for (const chain of AUDIT_CHAINS) {
    fields[`${chain}.position`] = heads[chain].position;
    fields[`${chain}.hash`] = heads[chain].hash;
    if (heads[chain].root !== null) fields[`${chain}.root`] = heads[chain].root;
  }
  return canonicalJson(fields);
}

/** The heads a checkpoint's payload names. */
export function parseHeads(json: string): Heads {
  const fields = JSON.parse(json) as Record<string, unknown>;
  const heads = {} as Heads;
  for (const chain of AUDIT_CHAINS) {
    heads[chain] = {
      position: Number(fields[`${chain}.position`]),
      hash: String(fields[`${chain}.hash`]),
      root: typeof fields[`${chain}.root`] === 'string' ? String(fields[`${chain}.root`]) : null,
    };
  }
  return heads;
}

/** Each chain's last record (position 0 and the genesis hash for an empty chain). */
export async function readHeads(db: Queryable): Promise<Heads> {
  const rows = await db.query<{
    chain: AuditChain;
    position: string | number | null;
    hash: string | null;
  }>(
    `select c.chain, r.position, r.hash from unnest($1::text[]) as c(chain)
     left join lateral (select position, hash from audit_records a where a.chain = c.chain
       order by position desc limit 1) r on true`,
    [AUDIT_CHAINS],
  );
  const heads = {} as Heads;
  for (const row of rows) {
    heads[row.chain] = {
      position: Number(row.position ?? 0),
      hash: row.hash ?? GENESIS_HASH,
      root: null,
    };
  }
  return heads;
}

/**
 * Signs the heads now, with each chain's Merkle root, and stores the checkpoint; with `copyFile`,
 * appends it there as one JSON line too. What is pending is sealed first (issue 57), so the
 * tree head covers every record committed before it was asked for. The appenders' lock is held while the heads are read,
 * so they are one moment's; the roots are hashed after it is released (records up to a head never
 * change), so appends wait for two index lookups, not for the hashing.
 */
export async function createCheckpoint(
  db: Db,
  key: AuditKey,
  options: { copyFile?: string; now?: () => Date } = {},
): Promise<Checkpoint> {
  const now = options.now ?? (() => new Date());
  await sealPending(db);
  const heads = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [AUDIT_LOCK]);
    return readHeads(tx);
  });
  for (const chain of AUDIT_CHAINS) {
    const { position, hash } = heads[chain];
    heads[chain].root = (await chainRoot(db, chain, position, hash)).toString('hex');
  }
  const signedAt = now().toISOString();
  const payload = headsJson(heads, signedAt, key.kid);
  const jws = await key.sign(new TextEncoder().encode(payload), CHECKPOINT_TYP);
  const [row] = await db.query<{ id: string | number }>(
    `insert into audit_checkpoints (heads, key_id, jws, signed_at) values ($1, $2, $3, $4)
     returning id`,
    [payload, key.kid, jws, signedAt],
  );
  const checkpoint = { id: Number(row!.id), signedAt, keyId: key.kid, heads: payload, jws };
  if (options.copyFile) {
    await appendFile(options.copyFile, `${JSON.stringify(checkpoint)}\n`, { mode: 0o600 });
  }
  return checkpoint;
}

export async function storedCheckpoints(db: Queryable): Promise<Checkpoint[]> {
  const rows = await db.query<{
    id: string | number;
    heads: string;
    key_id: string;
    jws: string;
    signed_at: Date | string;
  }>('select id, heads, key_id, jws, signed_at from audit_checkpoints order by id');
  return rows.map((row) => ({
    id: Number(row.id),
    heads: row.heads,
    keyId: row.key_id,
    jws: row.jws,
    signedAt: new Date(row.signed_at).toISOString(),
  }));
}

/**
 * The checkpoints of an external copy (JSON lines). A line that is not a checkpoint is kept as
 * one whose signature cannot hold (empty `jws` and heads), so that verification counts it as
 * forged rather than failing: a damaged copy is a finding, not an error.
 */
export function parseCheckpointCopy(text: string): Checkpoint[] {
  return text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '')
    .map(({ line, number }) => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        value = null;
      }
      const fields = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
      const text = (name: string) => (typeof fields[name] === 'string' ? fields[name] : '');
      return {
        id: null,
        signedAt: text('signedAt') || `line ${number} of the checkpoint file`,
        keyId: text('keyId'),
        heads: text('heads'),
        jws: text('jws'),
      };
    });
}

/**
 * The checkpoints of the external copy at `file` (`AUDIT_CHECKPOINT_FILE`, or the CLI's
 * `--checkpoints`): none while the file does not exist yet (no checkpoint was signed since it
 * was configured). Read by every verification, so that cutting a chain's tail together with the
 * database's newest checkpoints still shows: the copy certifies heads the database no longer has.
 */
export async function readCheckpointCopy(file: string | undefined): Promise<Checkpoint[]> {
  if (!file) return [];
  try {
    return parseCheckpointCopy(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Whether a checkpoint's payload names a position and hash for every chain. */
function headsParse(json: string): boolean {
  try {
    const heads = parseHeads(json);
    return AUDIT_CHAINS.every(
      (chain) => Number.isSafeInteger(heads[chain].position) && heads[chain].position >= 0,
    );
  } catch {
    return false;
  }
}

/**
 * Whether a checkpoint's signature holds under `publicKey` and signs exactly the heads it
 * states. Without a key, only that its heads parse.
 */
export async function checkpointSignatureHolds(
  checkpoint: Checkpoint,
  publicKey: KeyObject | undefined,
): Promise<boolean> {
  if (!headsParse(checkpoint.heads)) return false;
  if (!publicKey) return true;
  const payload = await verifiedPayload(checkpoint.jws, publicKey);
  return payload !== null && new TextDecoder().decode(payload) === checkpoint.heads;
}
