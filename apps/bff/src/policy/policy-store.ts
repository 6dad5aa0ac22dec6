/**
 * The approval policy's versions (issue 38, migration 020, ADR 025): every policy document that
 * came into force, the one in force last. Versions are written in two places only: seeded at
 * start when there is none, and by the approved console action that proposed one
 * (`console-actions/policy-actions.ts`), in the transaction that settles its entry.
 */
import { createHash } from 'node:crypto';
import type { JournalEntry, PolicyVersion } from '@console/schemas';
import type { Db, Queryable } from '../db/db';
import { COLUMNS, toEntry, type Row } from '../journal/journal-row';

type Stored = Omit<PolicyVersion, 'document' | 'approved_by' | 'version' | 'based_on' | 'rules'> & {
  version: number | string;
  based_on: number | string | null;
  document: string;
  approved_by: string[] | null;
  proposed_at: Date | string;
  effective_at: Date | string;
  superseded_at: Date | string | null;
};

/** A version as the store keeps it: its document's exact text beside the object. */
export type StoredVersion = Omit<PolicyVersion, 'rules'> & { document_text: string };

const iso = (value: Date | string) => new Date(value).toISOString();

/** Who approved a version: the approvals of its proposal's journal entry, in their order. */
const SELECT = `select v.version, v.document, v.document_sha256, v.based_on, v.source, v.reason,
    v.proposed_by, v.proposed_by_name, v.proposed_at, v.proposal_id, v.effective_at,
    v.superseded_at,
    (select coalesce(array_agg(a.approver order by a.id), '{}') from approvals a
      where a.journal_id = v.proposal_id) as approved_by
  from policy_versions v`;

function toVersion(row: Stored): StoredVersion {
  return {
    version: Number(row.version),
    document: JSON.parse(row.document) as Record<string, unknown>,
    document_text: row.document,
    document_sha256: row.document_sha256,
    based_on: row.based_on === null ? null : Number(row.based_on),
    source: row.source,
    reason: row.reason,
    proposed_by: row.proposed_by,
    proposed_by_name: row.proposed_by_name,
    proposed_at: iso(row.proposed_at),
    proposal_id: row.proposal_id,
    approved_by: row.approved_by ?? [],
    effective_at: iso(row.effective_at),
    superseded_at: row.superseded_at === null ? null : iso(row.superseded_at),
  };
}

/** The version's document as a string: the text its hash is of. */
export const documentText = (document: unknown) => JSON.stringify(document);
export const documentSha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A version about to come into force. */
export interface NewVersion {
  document: unknown;
  based_on: number | null;
  source: PolicyVersion['source'];
  reason: string;
  proposed_by: string;
  proposed_by_name: string;
  proposed_at: string;
  proposal_id: string | null;
}

/** Serialises every write of versions, in any process (an advisory lock to the transaction's end). */
const lockVersions = (tx: Queryable) =>
  tx.query(`select pg_advisory_xact_lock(hashtext('policy_versions'))`);

export function createPolicyStore(db: Db): PolicyStore {
  async function inForce(q: Queryable = db): Promise<StoredVersion | undefined> {
    const rows = await q.query<Stored>(`${SELECT} where v.superseded_at is null`);
    return rows[0] && toVersion(rows[0]);
  }

  /** The number of the version in force, read alone: what every process polls for a change. */
  async function inForceNumber(q: Queryable = db): Promise<number | undefined> {
    const rows = await q.query<{ version: number | string }>(
      'select version from policy_versions where superseded_at is null',
    );
    return rows[0] ? Number(rows[0].version) : undefined;
  }

  /**
   * Puts a version in force in `tx`, superseding the one before, after checking that the version
   * in force is still the one it was based on: a proposal written against version 3 is refused
   * once version 4 is in force, since approving it would quietly undo version 4.
   */
  async function adopt(tx: Queryable, next: NewVersion, at: Date): Promise<StoredVersion> {
    await lockVersions(tx);
    const current = await inForceNumber(tx);
    if ((current ?? null) !== next.based_on) {
      throw new StaleBase(current ?? null, next.based_on);
    }
    if (current !== undefined) {
      await tx.query(
        'update policy_versions set superseded_at = $2::timestamptz where version = $1',
        [current, at.toISOString()],
      );
    }
    const text = documentText(next.document);
    await tx.query(
      `insert into policy_versions (version, document, document_sha256, based_on, source, reason,
         proposed_by, proposed_by_name, proposed_at, proposal_id, effective_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10, $11::timestamptz)`,
      [
        (current ?? 0) + 1,
        text,
        documentSha256(text),
        next.based_on,
        next.source,
        next.reason,
        next.proposed_by,
        next.proposed_by_name,
        next.proposed_at,
        next.proposal_id,
        at.toISOString(),
      ],
    );
    return (await inForce(tx))!;
  }

  /**
   * The first version, when there is none: the file's document, or the built-in policy's. Run at
   * every start by every process; the lock and the check make it happen once.
   */
  async function seed(
    document: unknown,
    source: 'built-in' | 'file',
    at: Date,
  ): Promise<StoredVersion> {
    return db.transaction(async (tx) => {
      await lockVersions(tx);
      const current = await inForce(tx);
      if (current) return current;
      return adopt(
        tx,
        {
          document,
          based_on: null,
          source,
          reason:
            source === 'file'
              ? 'The first version, from CONSOLE_POLICY_FILE'
              : 'The first version: the built-in policy',
          proposed_by: 'console',
          proposed_by_name: 'The console',
          proposed_at: at.toISOString(),
          proposal_id: null,
        },
        at,
      );
    });
  }

  async function list(q: Queryable = db): Promise<StoredVersion[]> {
    return (await q.query<Stored>(`${SELECT} order by v.version desc`)).map(toVersion);
  }

  async function get(version: number, q: Queryable = db): Promise<StoredVersion | undefined> {
    const rows = await q.query<Stored>(`${SELECT} where v.version = $1`, [version]);
    return rows[0] && toVersion(rows[0]);
  }

  /** Proposals awaiting approval (or approved, being put in force), newest first. */
  async function proposals(q: Queryable = db): Promise<JournalEntry[]> {
    const rows = await q.query<Row>(
      `select ${COLUMNS} from journal_entries
       where operation = 'proposePolicyVersion' and state in ('AWAITING_APPROVAL', 'APPROVED')
       order by seq desc`,
    );
    return rows.map(toEntry);
  }

  return { inForce, inForceNumber, adopt, seed, list, get, proposals };
}

/** The versions of the policy, and the proposals that wait. */
export interface PolicyStore {
  inForce(q?: Queryable): Promise<StoredVersion | undefined>;
  inForceNumber(q?: Queryable): Promise<number | undefined>;
  adopt(tx: Queryable, next: NewVersion, at: Date): Promise<StoredVersion>;
  seed(document: unknown, source: 'built-in' | 'file', at: Date): Promise<StoredVersion>;
  list(q?: Queryable): Promise<StoredVersion[]>;
  get(version: number, q?: Queryable): Promise<StoredVersion | undefined>;
  proposals(q?: Queryable): Promise<JournalEntry[]>;
}

/** A proposal whose base is no longer the version in force. */
export class StaleBase extends Error {
  override readonly name = 'StaleBase';
  constructor(
    readonly current: number | null,
    readonly basedOn: number | null,
  ) {
    super(`version ${current ?? 'none'} is in force, the proposal was based on ${basedOn}`);
  }
}
