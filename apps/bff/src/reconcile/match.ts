/**
 * Reconciliation's match (issue 40): the journal's sends of a period against the records the
 * service holds, and the service's records of the period back against the journal. Pure: the
 * run reads both sides and hands them here; what comes out is every difference, each with its
 * kind and a key that names it across runs (the same difference found again is the same key).
 * Amounts are compared as decimals to the last digit (`1.50` and `1.5` are the same amount).
 */
import { groupRecords, legOf, legsWords } from './record-groups';

import {
  FAILED_STATUSES,
  FINAL_ORDER,
  isSample,
  PENDING_STATUSES,
  RECONCILED,
  sameDecimal,
  sourceOf,
  text,
} from './match-checks';
import type { Difference, JournalSend, Match, MatchOptions, ServiceRecord } from './match-types';

/**
 * Every difference between the sends and the records. `sends` are the journal's entries of the
 * period that reached the service or may have (SUCCEEDED, REJECTED, UNKNOWN); `records` are the
 * service's records of the same `ref_id`s and of the period, each once.
 */
export function matchPeriod(
  sends: readonly JournalSend[],
  records: readonly ServiceRecord[],
  options: MatchOptions,
): { differences: Difference[]; matches: Match[] } {
  const differences: Difference[] = [];
  const matches: Match[] = [];
  const byRef = new Map<string, ServiceRecord>();
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const service of records) {
    const ref = text(service.record.ref_id);
    // A transfer's debit carries the ref_id; its credit leg shares only the group.
    if (ref && !(service.record_type === 'transfer' && service.record.direction === 'CREDIT')) {
      byRef.set(`${service.record_type}:${ref}`, service);
    }
    const group = text(service.record.group_id);
    if (group) groups.set(group, [...(groups.get(group) ?? []), service.record]);
  }
  const matched = new Set<Record<string, unknown>>();
  // A leg of another record (a transfer's credit under its debit, an orchestration's transfers,
  // a deposit's conversion) is that record's: matched with it, or named under its one
  // difference, never a difference of its own, whoever made it.
  const { headOf, legsOf } = groupRecords(records);

  for (const send of sends) {
    const spec = RECONCILED[send.operation];
    if (!spec) continue;
    const service = byRef.get(`${spec.recordType}:${send.ref_id}`);
    const base = {
      source: null,
      journal_id: send.journal_id,
      record_type: spec.recordType,
      ref_id: send.ref_id,
      subject_at: send.created_at,
    };
    if (!service) {
      // A send the service refused, or whose fate is unknown and that it never got, is no
      // record at the service: as it should be.
      if (send.state === 'SUCCEEDED') {
        differences.push({
          ...base,
          kind: 'absent',
          key: `absent:${send.journal_id}`,
          record_id: null,
          service_record: null,
          journal_value: send.state,
          service_value: null,
          detail: 'The journal says the service took it; the service has no record of its ref_id.',
        });
      }
      continue;
    }
    const record = service.record;
    const before = differences.length;
    const group = groups.get(text(record.group_id) ?? '') ?? [record];
    for (const leg of group) matched.add(leg);
    matched.add(record);
    const recordId = text(record.id);
    const at = { ...base, record_id: recordId, service_record: record };
    for (const check of spec.checks) {
      const sent = check.sent(send);
      const held = check.held(record, group);
      // Compared only where both sides state the member (a credit leg the run could not see,
      // an order placed by its quote amount, says nothing of the other).
      if (typeof sent !== 'string' || sent === '' || typeof held !== 'string') continue;
      const heldText = held;
      if (check.decimal ? sameDecimal(sent, heldText) : sent === heldText) continue;
      differences.push({
        ...at,
        kind: check.kind,
        key: `${check.kind}:${send.journal_id}:${recordId ?? ''}`,
        journal_value: sent,
        service_value: heldText,
        detail: `The journal sent ${sent}; the service holds ${heldText}.`,
      });
    }
    const status = text(record.status) ?? '';
    const failedThere = FAILED_STATUSES[spec.recordType].has(status);
    if ((send.state === 'SUCCEEDED' && failedThere) || send.state !== 'SUCCEEDED') {
      differences.push({
        ...at,
        kind: 'status',
        key: `status:${send.journal_id}:${send.state}:${status}`,
        journal_value: send.state,
        service_value: status,
        detail:
          send.state === 'SUCCEEDED'
            ? `The journal says succeeded; the service says ${status}.`
            : `The journal says ${send.state}; the service holds the record (${status}).`,
      });
    }
    differences.push(...pendingOf(service, options, at));
    if (spec.recordType === 'order' && send.response) {
      const answered = text(send.response.status);
      const filledThen = text(send.response.amount_filled);
      const filledNow = text(record.amount_filled);
      if (
        answered &&
        FINAL_ORDER.has(answered) &&
        filledThen !== null &&
        (filledNow === null || !sameDecimal(filledThen, filledNow))
      ) {
        differences.push({
          ...at,
          kind: 'fills',
          key: `fills:${send.journal_id}:${filledNow ?? ''}`,
          journal_value: filledThen,
          service_value: filledNow,
          detail: `The journal's last answer filled ${filledThen}; the service says ${filledNow ?? 'nothing'}.`,
        });
      }
    }
    if (differences.length === before) {
      matches.push({
        journal_id: send.journal_id,
        record_type: spec.recordType,
        record_id: recordId,
        ref_id: send.ref_id,
        subject_at: send.created_at,
      });
    }
  }

  for (const service of records) {
    if (matched.has(service.record) || isSample(service, options)) continue;
    if (headOf.has(service.record)) continue;
    const recordId = text(service.record.id);
    const source = sourceOf(service);
    const subjectAt = text(service.record.created_at) ?? new Date(options.now).toISOString();
    const legs = (legsOf.get(service.record) ?? []).map(legOf);
    differences.push({
      kind: 'unjournaled',
      key: `unjournaled:${service.record_type}:${recordId ?? ''}`,
      source,
      journal_id: null,
      record_type: service.record_type,
      record_id: recordId,
      ref_id: text(service.record.ref_id),
      service_record: service.record,
      journal_value: null,
      service_value: text(service.record.status),
      subject_at: subjectAt,
      detail: `At the service, not in the journal (${source === 'other' ? 'another client' : `a ${source}`})${legsWords(legs)}.`,
      legs,
    });
    differences.push(
      ...pendingOf(service, options, {
        source,
        journal_id: null,
        record_type: service.record_type,
        record_id: recordId,
        ref_id: text(service.record.ref_id),
        subject_at: subjectAt,
        service_record: service.record,
      }),
    );
  }
  return { differences, matches };
}

function pendingOf(
  service: ServiceRecord,
  options: MatchOptions,
  at: Pick<
    Difference,
    | 'source'
    | 'journal_id'
    | 'record_type'
    | 'record_id'
    | 'ref_id'
    | 'subject_at'
    | 'service_record'
  >,
): Difference[] {
  const status = text(service.record.status) ?? '';
  if (!PENDING_STATUSES[service.record_type].has(status)) return [];
  const since = Date.parse(text(service.record.created_at) ?? '');
  const limit = options.pendingLimitMs[service.record_type];
  if (!Number.isFinite(since) || options.now - since <= limit) return [];
  return [
    {
      ...at,
      kind: 'pending',
      key: `pending:${service.record_type}:${at.record_id ?? ''}`,
      journal_value: null,
      service_value: status,
      detail: `${status} at the service since ${new Date(since).toISOString()}.`,
    },
  ];
}
