/**
 * What a series' version needs before it is in force (issue 63), decided by the rule engine that
 * decides a single send (`rules/rule-engine.ts`), as a batch is (ADR 027): one occurrence's send
 * as it stands now (its destination in the book, the maker's limits), and, for a series with an
 * end, the send of its total (the occurrence's send with the total as its amount). The version
 * needs every distinct requirement either asks, and at least one approval: money on a schedule is
 * never sent unreviewed. A rule that refuses either refuses the series. Each occurrence is still
 * decided again at its time by the rules then in force (`schedule-send.ts`).
 */
import {
  occurrenceCount,
  operations,
  type BatchOperation,
  type Role,
  type ScheduleTiming,
} from '@console/schemas';
import type { Requirement } from '../approvals/policy';
import type { ApprovalPolicy } from '../approvals/policy';
import {
  distinctRequirements,
  type AskedBy,
  type StoredRequirement,
} from '../batches/batch-requirements';
import type { BatchPolicyDeps } from '../batches/batch-policy';
import { standingNow } from '../destinations/destination-standing';
import { decideSend, sendNeeds } from '../rules/rule-engine';
import { thresholdAmount } from '../rules/send-amount';
import { initiatedSums } from '../rules/window-sums';

type Body = Record<string, unknown>;
type RefusalCode = NonNullable<ReturnType<typeof decideSend>['refusal']>['code'];
type Money = { asset: string; amount: string };

export interface ScheduleDecision {
  /** Why the policy refuses the series (its problem code and words); null when it may be. */
  refusal: { code: RefusalCode; detail: string } | null;
  requirements: StoredRequirement[];
  perOccurrence: Money | null;
  occurrences: number | null;
  total: Money | null;
  policyVersion: number | null;
}

/** The requirement words of a batch ("row 1") said of a series. */
const wordsOf = (asked: string) =>
  asked
    .replace(/^row 1\b/, 'each occurrence')
    .replace(
      'every row: a batch is never sent unreviewed',
      'money on a schedule is never sent unreviewed',
    );

export async function decideSchedule(
  deps: BatchPolicyDeps,
  policy: ApprovalPolicy,
  operation: BatchOperation,
  body: Body,
  timing: ScheduleTiming,
  maker: { username: string; role: Role },
): Promise<ScheduleDecision> {
  const count = occurrenceCount(timing);
  const needs = sendNeeds(policy, operation, body, maker);
  const now = deps.now();
  const destination = needs.destination?.required
    ? await standingNow(deps.destinations, needs.destination.target, now)
    : undefined;
  const initiated =
    needs.limitAsset === undefined
      ? undefined
      : await initiatedSums(deps.db, maker.username, needs.limitAsset, now);
  const decide = (sent: Body, withLimits: boolean) =>
    decideSend(policy, {
      operation,
      body: sent,
      maker,
      ...(destination ? { destination } : {}),
      ...(withLimits && initiated ? { initiated } : {}),
    });

  const asked: { requirement: Requirement; by: AskedBy }[] = [];
  const one = decide(body, true);
  if (one.refusal) return refused(one.refusal.code, one.refusal.detail);
  if (one.requirement) asked.push({ requirement: one.requirement, by: { row: 1 } });

  const found = thresholdAmount(operation, body);
  const perOccurrence =
    found?.amount && found.asset ? { asset: found.asset, amount: found.amount.toFixed() } : null;
  let total: Money | null = null;
  if (found?.amount && found.asset && count !== null) {
    const amount = found.amount.times(count);
    total = { asset: found.asset, amount: amount.toFixed() };
    const fields = operations[operation].approval.amount;
    // The total is asked of the rules, not of the limits: the occurrences go out over time.
    const ofTotal = decide(fields ? { ...body, [fields.amount]: amount.toFixed() } : body, false);
    if (ofTotal.refusal?.code === 'policy-refused') {
      return refused(
        'policy-refused',
        `The series' total of ${total.amount} ${total.asset}: ${ofTotal.refusal.detail}`,
      );
    }
    if (ofTotal.requirement) {
      asked.push({ requirement: ofTotal.requirement, by: { total: found.asset } });
    }
  }
  return {
    refusal: null,
    requirements: distinctRequirements(asked).map((r) => ({ ...r, asked_by: wordsOf(r.asked_by) })),
    perOccurrence,
    occurrences: count,
    total,
    policyVersion: policy.version ?? null,
  };

  function refused(code: RefusalCode, detail: string): ScheduleDecision {
    return {
      refusal: { code, detail },
      requirements: [],
      perOccurrence: null,
      occurrences: count,
      total: null,
      policyVersion: policy.version ?? null,
    };
  }
}
