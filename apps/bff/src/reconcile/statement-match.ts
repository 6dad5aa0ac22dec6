/**
 * A statement matched as reconciliation's third side (issue 64). Pure: a run's sends and records
 * of the period (what `reconciler.ts` read anyway) and the statement's lines in; each difference
 * out once, with what the journal, the service and the statement each say of it.
 *
 * The journal's transfer sends are paired with the service's transfers by `ref_id`, as the run
 * pairs them; a transfer group is one thing (its debit, or its credit when the debit is not in
 * the period). A line is matched first by its reference (a `ref_id`, or the id of any leg of the
 * transfer), then, when its reference names nothing, by asset, amount and a date within
 * `STATEMENT_DATE_TOLERANCE_DAYS`, the nearest day first. Only the assets the statement has are
 * looked for on it: a USD account's statement says nothing of BTC.
 */
import {
  STATEMENT_DATE_TOLERANCE_DAYS,
  type StatementDifferenceKind,
  type StatementSide,
} from '@console/schemas';
import { isSample, RECONCILED, sameDecimal, sourceOf, text } from './match-checks';
import type { JournalSend, MatchOptions, ServiceRecord } from './match-types';
import type { StatementLine } from './statement-read';

export interface StatementFinding {
  kind: StatementDifferenceKind;
  /** Names it within its statement: stored once. */
  key: string;
  line: number | null;
  journal_id: string | null;
  record_id: string | null;
  journal: StatementSide | null;
  service: StatementSide | null;
  statement: StatementSide | null;
  detail: string;
}

/** A thing done, as the journal and the service each hold it. */
interface Entry {
  send?: JournalSend;
  record?: Record<string, unknown>;
  /** Its other legs' ids: a statement may give any of them. */
  ids: string[];
}

const DAY_MS = 86_400_000;

const dayMs = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`);

/** Days between two instants' or dates' UTC days. */
export function daysApart(a: string, b: string): number {
  return Math.abs(dayMs(a) - dayMs(b)) / DAY_MS;
}

const bodyText = (send: JournalSend, key: string) => text(send.body[key]);

function sideOfSend(send: JournalSend): StatementSide {
  return {
    date: send.created_at,
    amount: bodyText(send, 'amount'),
    asset: bodyText(send, 'asset'),
    reference: send.ref_id,
    note: send.state,
  };
}

function sideOfRecord(record: Record<string, unknown>): StatementSide {
  return {
    date: text(record.created_at),
    amount: text(record.amount),
    asset: text(record.asset),
    reference: text(record.ref_id) ?? text(record.id),
    note: text(record.status),
  };
}

export function sideOfLine(line: StatementLine): StatementSide {
  return {
    date: line.date,
    amount: line.direction === 'out' ? `-${line.amount}` : line.amount,
    asset: line.asset,
    reference: line.reference,
    note: line.description,
  };
}

/** The transfers of the period, each once, with the sends that made them. */
function entriesOf(
  sends: readonly JournalSend[],
  records: readonly ServiceRecord[],
  options: Pick<MatchOptions, 'sampleBefore'>,
): Entry[] {
  const transfers = records.filter((r) => r.record_type === 'transfer' && !isSample(r, options));
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const { record } of transfers) {
    const group = text(record.group_id);
    if (group) groups.set(group, [...(groups.get(group) ?? []), record]);
  }
  const entries: Entry[] = [];
  const byRef = new Map<string, Entry>();
  for (const { record } of transfers) {
    const legs = groups.get(text(record.group_id) ?? '') ?? [record];
    // A group is one thing: its debit, or its first leg when the debit was not read.
    const head = legs.find((leg) => leg.direction === 'DEBIT') ?? legs[0];
    if (head !== record) continue;
    const entry: Entry = {
      record,
      ids: legs.map((leg) => text(leg.id)).filter((id) => !!id) as string[],
    };
    entries.push(entry);
    const ref = text(record.ref_id);
    if (ref) byRef.set(ref, entry);
  }
  for (const send of sends) {
    if (RECONCILED[send.operation]?.recordType !== 'transfer') continue;
    const entry = byRef.get(send.ref_id);
    if (entry) entry.send = send;
    // A send the service never took (refused, or unknown and never got) is nothing to look for.
    else if (send.state === 'SUCCEEDED') entries.push({ send, ids: [] });
  }
  return entries;
}

const assetOf = (entry: Entry) =>
  text(entry.record?.asset) ?? (entry.send ? bodyText(entry.send, 'asset') : null);
const amountOf = (entry: Entry) =>
  text(entry.record?.amount) ?? (entry.send ? bodyText(entry.send, 'amount') : null);
const dateOf = (entry: Entry) => text(entry.record?.created_at) ?? entry.send?.created_at ?? '';

/** Whether `line` could be `entry` by asset, amount and a date within the tolerance. */
function alike(line: StatementLine, entry: Entry): boolean {
  const amount = amountOf(entry);
  return (
    assetOf(entry) === line.asset &&
    amount !== null &&
    sameDecimal(amount, line.amount) &&
    daysApart(line.date, dateOf(entry)) <= STATEMENT_DATE_TOLERANCE_DAYS
  );
}

/** Every difference between a statement's lines and the period's sends and records. */
export function matchStatement(
  lines: readonly StatementLine[],
  sends: readonly JournalSend[],
  records: readonly ServiceRecord[],
  options: Pick<MatchOptions, 'sampleBefore'> = {},
): { findings: StatementFinding[]; matched: number } {
  const assets = new Set(lines.map((l) => l.asset));
  const entries = entriesOf(sends, records, options).filter((e) => assets.has(assetOf(e) ?? ''));
  const byId = new Map<string, Entry>();
  for (const entry of entries) {
    for (const id of [...entry.ids, text(entry.record?.ref_id), entry.send?.ref_id]) {
      if (id) byId.set(id, entry);
    }
  }
  const taken = new Map<Entry, StatementLine>();
  const unknownRef = new Set<StatementLine>();
  const unmatched: StatementLine[] = [];
  for (const line of lines) {
    const entry = line.reference ? byId.get(line.reference) : undefined;
    if (entry && !taken.has(entry)) taken.set(entry, line);
    else unmatched.push(line);
  }
  const left: StatementLine[] = [];
  for (const line of unmatched) {
    if (line.reference) unknownRef.add(line);
    const candidates = entries
      .filter((e) => !taken.has(e) && alike(line, e))
      .sort((a, b) => daysApart(line.date, dateOf(a)) - daysApart(line.date, dateOf(b)));
    if (candidates[0]) taken.set(candidates[0], line);
    else left.push(line);
  }

  const findings: StatementFinding[] = [];
  let matched = 0;
  for (const entry of entries) {
    const journal = entry.send ? sideOfSend(entry.send) : null;
    const service = entry.record ? sideOfRecord(entry.record) : null;
    const id = text(entry.record?.id) ?? entry.send?.journal_id ?? '';
    const at = {
      journal_id: entry.send?.journal_id ?? null,
      record_id: text(entry.record?.id),
      journal,
      service,
    };
    const line = taken.get(entry);
    if (!line) {
      findings.push({
        ...at,
        kind: 'missing_statement',
        key: `missing_statement:${id}`,
        line: null,
        statement: null,
        detail: `${service ? 'The service holds' : 'The journal sent'} ${amountOf(entry) ?? '?'} ${assetOf(entry) ?? ''}; the statement has no line of it.`,
      });
      continue;
    }
    const statement = sideOfLine(line);
    const found = (kind: StatementDifferenceKind, detail: string) =>
      findings.push({ ...at, kind, key: `${kind}:${id}`, line: line.line, statement, detail });
    const before = findings.length;
    if (unknownRef.has(line)) {
      found(
        'reference',
        `Line ${line.line}’s reference ${line.reference ?? ''} names nothing the journal or the service holds; matched by asset, amount and date.`,
      );
    }
    const amounts = [service?.amount, journal?.amount].filter((a): a is string => !!a);
    const other = amounts.find((a) => !sameDecimal(a, line.amount));
    if (other !== undefined) {
      found(
        'amount',
        `The statement says ${line.amount}; ${service && !sameDecimal(service.amount ?? '', line.amount) ? 'the service holds' : 'the journal sent'} ${other}.`,
      );
    }
    const day = dateOf(entry);
    if (day && daysApart(line.date, day) > STATEMENT_DATE_TOLERANCE_DAYS) {
      found(
        'date',
        `The statement books it on ${line.date}; ${service ? 'the service made it' : 'the journal sent it'} on ${day.slice(0, 10)}, more than ${STATEMENT_DATE_TOLERANCE_DAYS} day apart.`,
      );
    }
    if (!service) {
      found(
        'missing_service',
        'The statement and the journal have it; the service holds no record of it.',
      );
    } else if (
      !journal &&
      sourceOf({ record_type: 'transfer', record: entry.record! }) !== 'deposit'
    ) {
      // A deposit is never the console's send: the journal lacking it is as it should be.
      found(
        'missing_journal',
        'The statement and the service have it; the journal has no send of it.',
      );
    }
    if (findings.length === before) matched += 1;
  }
  for (const line of left) {
    const statement = sideOfLine(line);
    const base = {
      line: line.line,
      journal_id: null,
      record_id: null,
      journal: null,
      service: null,
      statement,
    };
    findings.push(
      line.reference
        ? {
            ...base,
            kind: 'reference',
            key: `reference:line:${line.line}`,
            detail: `Line ${line.line}’s reference ${line.reference} names nothing the journal or the service holds, and nothing of the period is alike.`,
          }
        : {
            ...base,
            kind: 'missing_service',
            key: `missing_service:line:${line.line}`,
            detail: `Line ${line.line} (${line.amount} ${line.asset} on ${line.date}) is on the statement only.`,
          },
    );
  }
  return { findings, matched };
}
