/**
 * What a batch needs before it is sent (issue 39), decided by the rule engine that decides a
 * single send (`rules/rule-engine.ts`), from facts read first:
 * - every row must meet what a single send of it meets: its destination as the book stands now,
 *   the uploader's limits with the rows before it counted as sent (a rule or a limit that
 *   refuses a row is that row's cell error);
 * - the batch needs every distinct requirement that any row, or a send of its total per asset
 *   (the largest row's send with the total as its amount), would need, each with its own count,
 *   roles and escalation (issue 55: not only the one asking the most approvals, whose roles may
 *   not be the ones another rule names), and at least one approval: a batch is never sent
 *   unreviewed. A rule that refuses a total refuses the batch.
 */
import {
  describeDestination,
  destinationOf,
  operations,
  type BatchCellError,
  type BatchMapping,
  type BatchOperation,
  type BatchTotal,
  type Role,
} from '@console/schemas';
import Big from 'big.js';
import type { ApprovalPolicy, Requirement } from '../approvals/policy';
import type { Queryable } from '../db/db';
import { standingNow } from '../destinations/destination-standing';
import type { DestinationStore } from '../destinations/destination-store';
import type { DestinationStanding } from '../destinations/destination-view';
import { decideSend, sendNeeds, type SendDecision } from '../rules/rule-engine';
import { thresholdAmount } from '../rules/send-amount';
import { initiatedSums, type WindowSums } from '../rules/window-sums';
import {
  distinctRequirements,
  rolesOf,
  type AskedBy,
  type StoredRequirement,
} from './batch-requirements';

type Body = Record<string, unknown>;

export interface BatchPolicyDeps {
  db: Queryable;
  destinations: DestinationStore;
  now: () => number;
}

/** What the policy made of a batch's valid rows. */
export interface BatchDecision {
  /** Rows a rule or a limit refuses, each with its problem in the cell that causes it. */
  refused: Map<number, BatchCellError[]>;
  /** Refusals of the batch as a whole (its total per asset), in words. */
  batchRefusals: string[];
  /** Every distinct requirement of its rows and totals: all must be met before it is sent. */
  requirements: StoredRequirement[];
  /** The most approvals one requirement asks, and every role any of them names. */
  approvalsRequired: number;
  approverRoles: Role[];
  largest: BatchTotal[];
  policyVersion: number | null;
}

/** The column mapped to a request field (its path's first member), if any. */
function columnOf(mapping: BatchMapping, field: string | undefined): string | null {
  if (!field) return null;
  const found = Object.entries(mapping).find(
    ([, path]) => path === field || path.startsWith(`${field}.`),
  );
  return found?.[0] ?? null;
}

/** Where a row's money goes, in words, for its place among the largest rows. */
function destinationWords(operation: BatchOperation, body: Body): { destination?: string } {
  const found = destinationOf(operation, body);
  return found ? { destination: describeDestination(found.target) } : {};
}

function withAmount(operation: BatchOperation, body: Body, amount: Big): Body {
  const fields = operations[operation].approval.amount;
  return fields ? { ...body, [fields.amount]: amount.toFixed() } : body;
}

/**
 * Decides a batch of `operation` whose valid, included rows are `rows`, uploaded by `maker`.
 *
 * @example
 * const decided = await decideBatch(deps, policy, 'createInternalTransfer', rows, mapping, maker);
 * decided.requirements; // [{ approvals_required: 1, approver_roles: ['admin'], … }, …]
 */
export async function decideBatch(
  deps: BatchPolicyDeps,
  policy: ApprovalPolicy,
  operation: BatchOperation,
  rows: { row: number; body: Body }[],
  mapping: BatchMapping,
  maker: { username: string; role: Role },
): Promise<BatchDecision> {
  const { approval } = operations[operation];
  const amountColumn = columnOf(mapping, approval.amount?.amount);
  const destinationColumn = columnOf(mapping, approval.destination?.field);
  const standings = new Map<string, Promise<DestinationStanding>>();
  const sums = new Map<string, WindowSums>();
  const now = deps.now();

  const factsOf = async (body: Body) => {
    const needs = sendNeeds(policy, operation, body, maker);
    let destination: DestinationStanding | undefined;
    if (needs.destination?.required) {
      const key = JSON.stringify(needs.destination.target);
      if (!standings.has(key)) {
        standings.set(key, standingNow(deps.destinations, needs.destination.target, now));
      }
      destination = await standings.get(key);
    }
    const asset = needs.limitAsset;
    if (asset !== undefined && !sums.has(asset)) {
      sums.set(asset, await initiatedSums(deps.db, maker.username, asset, now));
    }
    return { destination, asset };
  };
  const decide = (body: Body, destination?: DestinationStanding, initiated?: WindowSums) =>
    decideSend(policy, {
      operation,
      body,
      maker,
      ...(destination ? { destination } : {}),
      ...(initiated ? { initiated } : {}),
    });

  const refused = new Map<number, BatchCellError[]>();
  const asked: { requirement: Requirement; by: AskedBy }[] = [];
  const ask = (requirement: Requirement, by: AskedBy) => asked.push({ requirement, by });
  const largest = new Map<string, { row: number; amount: Big; body: Body }>();
  const totals = new Map<string, Big>();
  for (const { row, body } of rows) {
    const { destination, asset } = await factsOf(body);
    const decision: SendDecision = decide(
      body,
      destination,
      asset === undefined ? undefined : sums.get(asset),
    );
    if (decision.refusal) {
      const column =
        decision.refusal.code === 'destination-not-allowed' ? destinationColumn : amountColumn;
      const field =
        decision.refusal.code === 'destination-not-allowed'
          ? (approval.destination?.field ?? null)
          : (approval.amount?.amount ?? null);
      refused.set(row, [{ column, field, message: decision.refusal.detail }]);
      continue;
    }
    if (decision.requirement) ask(decision.requirement, { row });
    const found = thresholdAmount(operation, body);
    if (found?.amount && found.asset) {
      // The rows before this one count against the maker's limits as if they were sent.
      if (asset !== undefined) {
        const counted = sums.get(asset)!;
        for (const window of Object.keys(counted) as (keyof WindowSums)[]) {
          counted[window] = counted[window].plus(found.amount);
        }
      }
      totals.set(found.asset, (totals.get(found.asset) ?? new Big(0)).plus(found.amount));
      const before = largest.get(found.asset);
      if (!before || found.amount.gt(before.amount)) {
        largest.set(found.asset, { row, amount: found.amount, body });
      }
    }
  }

  // A send of each asset's total, as the largest row's send with the total as its amount.
  const batchRefusals: string[] = [];
  for (const [asset, top] of largest) {
    const total = totals.get(asset)!;
    const { destination } = await factsOf(top.body);
    const decision = decide(withAmount(operation, top.body, total), destination);
    if (decision.refusal?.code === 'policy-refused') {
      batchRefusals.push(
        `The batch's total of ${total.toFixed()} ${asset}: ${decision.refusal.detail}`,
      );
    } else if (decision.requirement) {
      ask(decision.requirement, { total: asset });
    }
  }

  const requirements = distinctRequirements(asked);
  return {
    refused,
    batchRefusals,
    requirements,
    approvalsRequired: Math.max(...requirements.map((r) => r.approvals_required)),
    approverRoles: rolesOf(requirements),
    largest: [...largest].map(([asset, top]) => ({
      asset,
      amount: top.amount.toFixed(),
      rows: 1,
      ...destinationWords(operation, top.body),
    })),
    policyVersion: policy.version ?? null,
  };
}
