/**
 * Which of the service's records are legs of another (issue 64): one thing done at the service
 * is often several records, and reconciliation tells each thing once. An internal or service
 * transfer is a debit and a credit sharing a `group_id`; an orchestration names its source and
 * destination transfers; a deposit names the transfers of its conversion (`auto_conversion`).
 * Each such record has a head (the record that names it, or the debit of its group) under whose
 * one difference it is named, whoever made it: the console, another client, a rule.
 */
import type { ReconLeg } from '@console/schemas';

type RecordOf = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The transfers a record names as its parts (an orchestration's legs, a deposit's conversion). */
function partsOf(value: unknown, into: Set<string>, key = ''): Set<string> {
  if (typeof value === 'string') {
    if (key.endsWith('transfer_id') && value !== '') into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) partsOf(item, into, key);
  } else if (value !== null && typeof value === 'object') {
    for (const [inner, item] of Object.entries(value)) partsOf(item, into, inner);
  }
  return into;
}

export interface RecordGroups {
  /** The record each leg belongs to, at the top: its one difference is that record's. */
  headOf: Map<RecordOf, RecordOf>;
  /** Each head's legs, in the order they were read. */
  legsOf: Map<RecordOf, RecordOf[]>;
}

/** The head of a transfer group no other record names: its debit, else the leg with a ref_id. */
function groupHead(legs: readonly RecordOf[]): RecordOf {
  return (
    legs.find((leg) => leg.direction === 'DEBIT') ??
    legs.find((leg) => text(leg.ref_id)) ??
    // Else the same leg in every run, whatever the order the service listed them in.
    [...legs].sort((a, b) => ((text(a.id) ?? '') < (text(b.id) ?? '') ? -1 : 1))[0]!
  );
}

/** Every record's head and every head's legs, over the records of one run. */
export function groupRecords(
  records: readonly { record_type: string; record: RecordOf }[],
): RecordGroups {
  const transfers = new Map<string, RecordOf>();
  const groups = new Map<string, RecordOf[]>();
  for (const { record_type, record } of records) {
    if (record_type !== 'transfer') continue;
    const id = text(record.id);
    if (id) transfers.set(id, record);
    const group = text(record.group_id);
    if (group) groups.set(group, [...(groups.get(group) ?? []), record]);
  }
  const parent = new Map<RecordOf, RecordOf>();
  for (const { record } of records) {
    for (const id of partsOf(record, new Set())) {
      const leg = transfers.get(id);
      if (leg && leg !== record && !parent.has(leg)) parent.set(leg, record);
    }
  }
  for (const legs of groups.values()) {
    // A group one of whose legs another record names is that record's; else its debit's.
    const named = legs.map((leg) => parent.get(leg)).find((head) => head !== undefined);
    const head = named ?? groupHead(legs);
    for (const leg of legs) {
      if (leg !== head && !parent.has(leg)) parent.set(leg, head);
    }
  }
  const headOf = new Map<RecordOf, RecordOf>();
  const legsOf = new Map<RecordOf, RecordOf[]>();
  for (const { record } of records) {
    if (!parent.has(record)) continue;
    // Up to the top, never round a loop of records that name each other.
    let head = parent.get(record)!;
    const seen = new Set([record]);
    while (parent.has(head) && !seen.has(head)) {
      seen.add(head);
      head = parent.get(head)!;
    }
    if (head === record) continue;
    headOf.set(record, head);
    legsOf.set(head, [...(legsOf.get(head) ?? []), record]);
  }
  return { headOf, legsOf };
}

/** A leg as a difference names it. */
export const legOf = (record: RecordOf): ReconLeg => ({
  id: text(record.id) ?? '',
  type: text(record.type),
  profile_id: text(record.profile_id),
});

/** "with its leg t-2 (INTERNAL_TRANSFER_CREDIT, profile p-b)", or nothing for no legs. */
export function legsWords(legs: readonly ReconLeg[]): string {
  if (legs.length === 0) return '';
  const each = legs.map((leg) => {
    const about = [leg.type, leg.profile_id && `profile ${leg.profile_id}`].filter(Boolean);
    return about.length > 0 ? `${leg.id} (${about.join(', ')})` : leg.id;
  });
  return `, with its ${legs.length === 1 ? 'leg' : `${legs.length} legs`} ${each.join(', ')}`;
}
