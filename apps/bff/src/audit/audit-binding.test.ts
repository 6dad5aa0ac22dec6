import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  approvalEvent,
  journalEntry,
  openingEmptyTrail,
  securityEvent,
} from '../../test/audit-trail';
import { testDatabases } from '../../test/databases';
import { sharedDb } from '../../test/harness';
import type { Db } from '../db/db';
import { BINDINGS, type BindingFinding, verifyBinding } from './audit-binding';
import { sealPending } from './audit-sealer';
import { verifyAuditTrail } from './audit-verify';

beforeAll(() => sharedDb());

/**
 * Runs `sql` on `table` as an attacker with the database would: its triggers set aside, so that
 * the change appends no record of its own (a change that is recorded is no tampering).
 */
async function attack(db: Db, table: string, sql: string) {
  await db.exec(`alter table ${table} disable trigger user; ${sql};
    alter table ${table} enable trigger user;`);
}

interface Filled {
  /** Three entries (journal positions 1-2, 3-4, 5-6), the first submitted and approved. */
  ids: string[];
  approvedEvent: string;
}

/** The rows of `fill`, their records sealed (`sealed: false`: left pending). */
async function fill(db: Db, sealed = true): Promise<Filled> {
  const ids = [await journalEntry(db), await journalEntry(db), await journalEntry(db)];
  await approvalEvent(db, ids[0]!, 'submitted');
  await approvalEvent(db, ids[0]!, 'approved');
  await securityEvent(db, 'alice');
  const [event] = await db.query<{ id: string }>(
    `select id::text as id from approval_events where journal_id = $1 and kind = 'approved'`,
    [ids[0]!],
  );
  if (sealed) await sealPending(db);
  return { ids, approvedEvent: event!.id };
}

const forgedId = randomUUID();

/** Each attack, and the one finding it must produce. */
const ATTACKS: {
  name: string;
  table: string;
  sql: (f: Filled) => string;
  found: (f: Filled) => BindingFinding;
}[] = [
  {
    name: 'one amount changed in the request body (its hash kept)',
    table: 'journal_entries',
    sql: ({ ids }) =>
      `update journal_entries set request_body = replace(request_body, '10.50', '10.59')
       where id = '${ids[0]}'`,
    found: ({ ids }) => ({
      kind: 'changed',
      table: 'journal_entries',
      id: ids[0]!,
      column: 'request_body',
      record: { chain: 'journal', position: 2 },
    }),
  },
  {
    name: 'the operator changed',
    table: 'journal_entries',
    sql: ({ ids }) => `update journal_entries set operator = 'mallory' where id = '${ids[1]}'`,
    found: ({ ids }) => ({
      kind: 'changed',
      table: 'journal_entries',
      id: ids[1]!,
      column: 'operator',
      record: { chain: 'journal', position: 4 },
    }),
  },
  {
    name: 'the state changed',
    table: 'journal_entries',
    sql: ({ ids }) => `update journal_entries set state = 'REJECTED' where id = '${ids[2]}'`,
    found: ({ ids }) => ({
      kind: 'changed',
      table: 'journal_entries',
      id: ids[2]!,
      column: 'state',
      record: { chain: 'journal', position: 6 },
    }),
  },
  {
    name: 'an approval event’s actor changed',
    table: 'approval_events',
    sql: ({ approvedEvent }) =>
      `update approval_events set actor = 'mallory' where id = ${approvedEvent}`,
    found: ({ approvedEvent }) => ({
      kind: 'changed',
      table: 'approval_events',
      id: approvedEvent,
      column: 'actor',
      record: { chain: 'approvals', position: 2 },
    }),
  },
  {
    name: 'an entry’s rows deleted',
    table: 'journal_entries',
    sql: ({ ids }) => `delete from journal_entries where id = '${ids[1]}'`,
    found: ({ ids }) => ({
      kind: 'deleted',
      table: 'journal_entries',
      id: ids[1]!,
      column: null,
      record: { chain: 'journal', position: 4 },
    }),
  },
  {
    name: 'a forged entry inserted',
    table: 'journal_entries',
    sql: () =>
      `insert into journal_entries (id, operation, operator, operator_name, state, method,
         request_path, request_body, body_sha256, request_id, created_at, updated_at)
       values ('${forgedId}', 'createInternalTransfer', 'alice', 'Alice', 'SUCCEEDED', 'POST',
         '/v2/transfer/internal', '{}', 'x', 'req', now(), now())`,
    found: () => ({
      kind: 'forged',
      table: 'journal_entries',
      id: forgedId,
      column: null,
      record: null,
    }),
  },
];

describe.each(testDatabases)('binding the live rows to the trail on $name', (database) => {
  const open = openingEmptyTrail(database);

  it('verifies a clean database, every chained table compared', async () => {
    const { db } = await open();
    await fill(db);
    const report = await verifyAuditTrail(db);
    expect(report.binding).toEqual({ ok: true, rows: 6, findings: [] });
    expect(report.ok).toBe(true);
    expect(new Set(BINDINGS.map((b) => b.table)).size).toBe(7);
  });

  it.each(ATTACKS)('detects and locates $name', async ({ table, sql, found }) => {
    const { db } = await open();
    const filled = await fill(db);
    await attack(db, table, sql(filled));
    const report = await verifyAuditTrail(db);
    expect(report.ok).toBe(false);
    // The chains themselves still verify: only binding sees it.
    expect(report.chains.every((c) => c.ok)).toBe(true);
    const findings = report.binding.findings;
    // A deleted entry takes its approval events with it (on delete cascade): those are named too.
    expect(findings.filter((f) => f.table === table)).toEqual([found(filled)]);
  });

  it('compares a row whose latest record is pending with that record (issue 57)', async () => {
    const { db } = await open();
    const filled = await fill(db, false);
    const clean = await verifyAuditTrail(db);
    expect(clean.binding).toEqual({ ok: true, rows: 6, findings: [] });
    expect(clean.ok).toBe(true);
    expect(clean.pending.count).toBe(9);
    // Edited before the sealer ran: the pending record still says what the change wrote.
    await attack(db, 'journal_entries', ATTACKS[1]!.sql(filled));
    const { findings } = await verifyBinding(db);
    expect(findings).toEqual([
      { ...ATTACKS[1]!.found(filled), record: { chain: 'journal', position: 0, pending: true } },
    ]);
    // Sealed, the same finding names the record's position.
    await sealPending(db);
    expect((await verifyBinding(db)).findings).toEqual([ATTACKS[1]!.found(filled)]);
  });

  it('names the events an entry’s deletion took with it as deleted', async () => {
    const { db } = await open();
    const { ids } = await fill(db);
    await attack(db, 'journal_entries', `delete from journal_entries where id = '${ids[0]}'`);
    const { findings } = await verifyBinding(db);
    expect(findings.map((f) => [f.kind, f.table, f.record?.chain])).toEqual([
      ['deleted', 'journal_entries', 'journal'],
      ['deleted', 'approval_events', 'approvals'],
      ['deleted', 'approval_events', 'approvals'],
    ]);
  });
});
