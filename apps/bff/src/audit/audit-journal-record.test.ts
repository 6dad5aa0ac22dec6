import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../test/databases';
import { sharedDb } from '../../test/harness';
import { openingEmptyTrail } from '../../test/audit-trail';
import type { Db } from '../db/db';
import { canonicalJson, GENESIS_HASH, recordHash } from './audit-canonical';
import { sealPending } from './audit-sealer';

beforeAll(() => sharedDb());

/**
 * Migration 016's construction of a journal entry's record, kept here as the reference: the
 * entry's fields as jsonb, merged with the record's own, made canonical by `audit_canonical`.
 * Migration 023 writes the same text without the jsonb, and 032 the same text pending; each
 * record, once sealed, must be byte for byte this.
 */
const REFERENCE = `select audit_canonical(jsonb_build_object(
    'journal_id', e.id, 'operation', e.operation, 'operator', e.operator, 'ref_id', e.ref_id,
    'state', e.state, 'previous_state', $2::text, 'method', e.method,
    'request_path', e.request_path, 'body_sha256', e.body_sha256, 'attempts', e.attempts,
    'response_status', e.response_status, 'duplicate_of', e.duplicate_of, 'error', e.error,
    'updated_at', audit_ts(e.updated_at))
  || jsonb_build_object('chain', 'journal', 'position', r.position, 'kind', r.kind,
    'subject', r.subject, 'recorded_at', (r.content::jsonb) ->> 'recorded_at')) as reference,
  r.content, r.prev_hash, r.hash
  from journal_entries e join audit_records r on r.chain = 'journal' and r.subject = e.id
  where e.id = $1 and r.position = (select max(position) from audit_records where chain = 'journal')`;

/** Strings a record must escape as JSON.stringify does. */
const AWKWARD = [
  'plain',
  'quote " and backslash \\ and slash /',
  'newline \n tab \t return \r',
  'control \u0001 \u001f \u007f',
  'naïve — 日本語 😀',
  'separators \u2028 \u2029',
  '',
];

describe.each(testDatabases)('the journal chain records on $name', (database) => {
  const openEmptyTrail = openingEmptyTrail(database);
  const open = async () => (await openEmptyTrail()).db;

  const latest = async (db: Db, id: string, previous: string | null) => {
    // Written pending by the change (migration 032), chained by the sealer.
    await sealPending(db);
    const [row] = await db.query<{
      reference: string;
      content: string;
      prev_hash: string;
      hash: string;
    }>(REFERENCE, [id, previous]);
    return row!;
  };

  it.each(AWKWARD.map((text, index) => ({ text, index })))(
    'writes the record of a creation and of a state change as migration 016 did: $text',
    async ({ text }) => {
      const db = await open();
      const id = randomUUID();
      const nullable = text === '' ? null : text;
      await db.query(
        `insert into journal_entries (id, operation, operator, operator_name, ref_id, state,
           method, request_path, request_body, body_sha256, request_id, created_at, updated_at)
         values ($1, $2, $3, 'Name', $4, 'SENDING', 'POST', $5, '{}', $6, 'req', now(), now())`,
        [id, `op ${text}`, `operator ${text}`, nullable, `/v2/${text}`, `sha ${text}`],
      );
      const created = await latest(db, id, null);
      expect(created.content).toBe(created.reference);
      expect(created.prev_hash).toBe(GENESIS_HASH);

      await db.query(
        `update journal_entries set state = 'REJECTED', attempts = 2, response_status = 422,
           error = $2, duplicate_of = $3, updated_at = now() where id = $1`,
        [id, nullable, nullable],
      );
      const changed = await latest(db, id, 'SENDING');
      expect(changed.content).toBe(changed.reference);
      expect(changed.prev_hash).toBe(created.hash);

      for (const record of [created, changed]) {
        // The documented canonical form (audit-canonical.ts), and the documented hash.
        expect(canonicalJson(JSON.parse(record.content) as never)).toBe(record.content);
        expect(recordHash(record.prev_hash, record.content)).toBe(record.hash);
      }
      expect(JSON.parse(changed.content)).toMatchObject({
        chain: 'journal',
        position: 2,
        kind: 'entry-state',
        subject: id,
        journal_id: id,
        operator: `operator ${text}`,
        state: 'REJECTED',
        previous_state: 'SENDING',
        attempts: 2,
        response_status: 422,
        error: nullable,
        duplicate_of: nullable,
      });
    },
  );
});
