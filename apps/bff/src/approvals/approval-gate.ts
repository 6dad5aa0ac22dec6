import type { DestinationTarget, SendPreview } from '@console/schemas';
import type { Queryable } from '../db/db';
import { standingNow } from '../destinations/destination-standing';
import { ProblemError } from '../errors';
import { pricedNeeds } from '../rules/market-estimate';
import { decideSend, sendNeeds, type SendDecision } from '../rules/rule-engine';
import { initiatedSums, lockLimits, type WindowSums } from '../rules/window-sums';
import type { Gated, PreviewSend, SendGate } from '../send/submit';
import type { ApprovalDeps } from './approval-deps';
import { holdIn } from './approval-flow';
import { takeSnapshot } from './approval-snapshot';
import type { Requirement } from './policy';
import { currentOperators, prospectOf, type CurrentOperator } from './prospect';

/** The book's word on a destination at this moment, read where the decision needs it. */
async function destinationFacts(
  deps: ApprovalDeps,
  wanted: { target: DestinationTarget } | undefined,
) {
  return wanted ? standingNow(deps.destinations, wanted.target, deps.now()) : undefined;
}

/** What the operators there are could give of a requirement (issue 33; escalation, issue 37). */
function prospectOfRequirement(
  requirement: Requirement,
  maker: string,
  operators: CurrentOperator[],
) {
  const { escalation } = requirement;
  return prospectOf(
    {
      needed: requirement.approversNeeded,
      roles: requirement.roles,
      maker,
      ...(escalation ? { lift: { roles: escalation.liftRoles, given: false } } : {}),
    },
    0,
    [],
    operators,
  );
}

/**
 * Throws the problem of a refused send: nothing is journaled, nothing sent. It names the version
 * of the policy that refused it (`version`), as a journaled decision does.
 */
function refuseIf(
  decision: SendDecision,
  requirementProspect: string | null,
  version: number | undefined,
): void {
  const { refusal } = decision;
  if (refusal) {
    throw new ProblemError({
      status: 422,
      code: refusal.code,
      ...(version !== undefined && { policy_version: version }),
      detail: `Nothing was journaled: ${refusal.detail.charAt(0).toLowerCase()}${refusal.detail.slice(1)}`,
      ...(refusal.code === 'destination-not-allowed' && decision.destination
        ? { destination: decision.destination }
        : {}),
      ...(refusal.code === 'limit-exceeded'
        ? { limits: decision.limits.filter((limit) => limit.over) }
        : {}),
    });
  }
  if (requirementProspect) {
    throw new ProblemError({
      status: 422,
      code: 'approval-impossible',
      ...(version !== undefined && { policy_version: version }),
      detail: `Nothing was journaled: it could never be sent. ${requirementProspect}`,
    });
  }
}

/**
 * The send pipeline's rules step (issues 7, 33, 37). The book's word on the destination and the
 * operators there are are read first; then, for a send its maker has a limit of, under the lock of
 * their limits of its asset, the window sums are read from the journal, the engine decides, and
 * the send is journaled (held, or in SENDING) in that same transaction, so that two sends of
 * theirs at once, in any process, cannot both pass a limit only one fits in. A send no limit
 * holds is decided without a lock, and goes out through the batched, lock-free path. A send held
 * for approval keeps the record it changes as the service holds it now (read here, never taken
 * from the browser). A refused send, or one no current operator could approve, throws before
 * anything is journaled.
 */
export function approvalGate(deps: ApprovalDeps): SendGate {
  return async (operation, given, body, operator) => {
    // One reading of the policy decides it (a new version may come into force meanwhile), and
    // its version is kept with its entry: held, sent or journaled in SENDING.
    const policy = { ...deps.policy };
    const needs = await pricedNeeds(
      deps.marketPrice,
      policy.document,
      operation,
      body,
      sendNeeds(policy, operation, body, operator),
    );
    // The estimate a market order was decided at stays with it, held or sent at once: a dry run
    // judges it again at that price, not at the day's (issue 66).
    const entry = {
      ...given,
      policy_version: policy.version ?? null,
      ...(needs.shape.estimate && { market_estimate: needs.shape.estimate }),
    };
    const destination = await destinationFacts(
      deps,
      needs.destination?.required ? needs.destination : undefined,
    );
    const decide = (initiated?: WindowSums) =>
      decideSend(policy, {
        operation,
        body,
        maker: operator,
        shape: needs.shape,
        ...(destination ? { destination } : {}),
        ...(initiated ? { initiated } : {}),
      });
    // Decided without the window sums first (as if nothing were used yet): a destination the
    // book refuses, or an amount past a limit on its own, is refused before any lock or read.
    const first = decide();
    refuseIf(first, null, policy.version);
    // Read before any lock: a read of the service never waits inside a transaction. (Only
    // changes of fiat accounts keep a snapshot, and no limit counts them.)
    const kept = first.requirement
      ? await takeSnapshot(deps, operation, entry.request_path, entry.request_id, deps.now())
      : undefined;
    const asset = needs.limitAsset;
    // A send that goes at once with no limit to count reads nothing more: the batched path.
    if (asset === undefined && !first.requirement) return { go: entry };
    // Who could approve, read before any lock too (a send past a limit may come to need them).
    const operators = await currentOperators(deps);
    const journalIn = async (tx: Queryable, decision: SendDecision): Promise<Gated> => {
      const { requirement } = decision;
      const stalled = requirement
        ? prospectOfRequirement(requirement, operator.username, operators).stalled
        : null;
      refuseIf(decision, stalled, policy.version);
      if (!requirement) return { journaled: await deps.journal.create(entry, 'SENDING', tx) };
      return {
        held: await holdIn(tx, deps, entry, requirement, operator, kept, decision.rule),
      };
    };
    if (asset === undefined) return deps.approvals.db.transaction((tx) => journalIn(tx, first));
    return deps.approvals.db.transaction(async (tx) => {
      await lockLimits(tx, 'initiate', operator.username, asset);
      return journalIn(tx, decide(await initiatedSums(tx, operator.username, asset, deps.now())));
    });
  };
}

/** What sending would do, for the review step: decided as the send decides it, nothing journaled. */
export function approvalPreview(deps: ApprovalDeps): PreviewSend {
  return async (operation, body, operator): Promise<SendPreview> => {
    const policy = { ...deps.policy };
    const needs = await pricedNeeds(
      deps.marketPrice,
      policy.document,
      operation,
      body,
      sendNeeds(policy, operation, body, operator),
    );
    const asset = needs.limitAsset;
    const [destination, operators, initiated] = await Promise.all([
      destinationFacts(deps, needs.destination),
      currentOperators(deps),
      asset === undefined
        ? undefined
        : initiatedSums(deps.approvals.db, operator.username, asset, deps.now()),
    ]);
    const decision = decideSend(policy, {
      operation,
      body,
      maker: operator,
      shape: needs.shape,
      ...(destination ? { destination } : {}),
      ...(initiated ? { initiated } : {}),
    });
    const { requirement, refusal } = decision;
    return {
      approval: requirement
        ? {
            approvers_needed: requirement.approversNeeded,
            eligible_roles: requirement.roles,
            max_wait_hours: requirement.maxWaitMs / 3_600_000,
            prospect: prospectOfRequirement(requirement, operator.username, operators),
            escalation: requirement.escalation
              ? {
                  lift_roles: requirement.escalation.liftRoles,
                  reason: requirement.escalation.reason,
                }
              : null,
          }
        : null,
      refusal,
      destination: decision.destination,
      limits: decision.limits,
      policy_version: policy.version ?? null,
      deciding_rule: decision.rule,
    };
  };
}
