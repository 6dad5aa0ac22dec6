/**
 * Test data for the audit trail's tests: an emptied trail, and journal entries, approval events
 * and security events written by plain SQL (the triggers record them whoever writes). Used by
 * tests only.
 */
import { randomUUID } from 'node:crypto';
import { afterEach } from 'vitest';
import type { Queryable } from '../src/db/db';
import type { TestDatabase } from './databases';

/** Empties the trail and what it records (the append-only triggers are set aside to do it). */
export async function emptyTrail(db: Queryable): Promise<void> {
  await db.exec(`
    delete from journal_entries; delete from security_events; delete from batches;
    alter table policy_versions disable trigger user;
    delete from policy_versions;
    alter table policy_versions enable trigger user;
    alter table audit_records disable trigger user;
    alter table audit_checkpoints disable trigger user;
    delete from audit_records; delete from audit_checkpoints; delete from audit_pending;
    alter table audit_records enable trigger user;
    alter table audit_checkpoints enable trigger user;`);
}

/**
 * Called within a `describe`: a function that opens `database` with an emptied trail, closed
 * after each test.
 */
export function openingEmptyTrail(database: TestDatabase) {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });
  return async () => {
    const opened = await database.open();
    close = opened.close;
    await emptyTrail(opened.db);
    return opened;
  };
}

/** Runs `sql` as an attacker with database access would: around the append-only triggers. */
export async function tamper(db: Queryable, sql: string): Promise<void> {
  await db.exec(`alter table audit_records disable trigger user;
    alter table audit_checkpoints disable trigger user;
    ${sql};
    alter table audit_records enable trigger user;
    alter table audit_checkpoints enable trigger user;`);
}

/** A journal entry created SENDING and moved to `state`: two records of the journal chain. */
export async function journalEntry(db: Queryable, state = 'SUCCEEDED'): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into journal_entries (id, operation, operator, operator_name, ref_id, state, method,
       request_path, request_body, body_sha256, request_id, created_at, updated_at)
     values ($1, 'createInternalTransfer', 'alice', 'Alice', $1, 'SENDING', 'POST',
       '/v2/transfer/internal', '{"amount":"10.50"}',
       encode(sha256(convert_to('{"amount":"10.50"}', 'UTF8')), 'hex'), 'req', now(), now())`,
    [id],
  );
  await db.query(`update journal_entries set state = $2, updated_at = now() where id = $1`, [
    id,
    state,
  ]);
  return id;
}

export async function securityEvent(db: Queryable, username = 'alice'): Promise<void> {
  await db.query(
    `insert into security_events (id, at, kind, username, request_id)
     values ($1, now(), 'sign-in', $2, 'req')`,
    [randomUUID(), username],
  );
}

export async function approvalEvent(db: Queryable, journalId: string, kind = 'approved') {
  await db.query(
    `insert into approval_events (journal_id, kind, actor, actor_name, at)
     values ($1, $2, 'bob', 'Bob', now())`,
    [journalId, kind],
  );
}
