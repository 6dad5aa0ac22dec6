import {
  coolingOffHoursOf,
  DestinationTargetSchema,
  hoursWords,
  type ApprovalDetail,
  type PolicyDocumentV2,
} from '@console/schemas';
import { useQuery } from '@tanstack/react-query';
import { getPolicy, POLICY_KEY } from '@/lib/api';
import { formatLocal } from '@/lib/format-time';

/** What the last approval of a request does, in its kind's words (issue 66). */
export interface LastApproval {
  /** After "Yours is the last approval it needs: …". */
  now: string;
  /** After "… before it …". */
  later: string;
}

/** What the approval page knows beyond the request: the policy in force, and the time. */
export interface LastApprovalContext {
  inForce?: { version: number; rules: PolicyDocumentV2 };
  now: Date;
}

/**
 * A request's last approval by its kind: a send goes to the service; a policy version comes
 * into force; a book entry is added, usable once its cooling-off has passed; a revocation takes
 * effect. None but a send goes to the service.
 */
export function lastApprovalWords(
  operation: string,
  fields: Record<string, unknown>,
  context: LastApprovalContext,
): LastApproval {
  switch (operation) {
    case 'proposePolicyVersion':
      return {
        now: `it comes into force at once${context.inForce ? ` as version ${context.inForce.version + 1}` : ''}, and decides every send from then`,
        later: 'comes into force',
      };
    case 'addAllowedDestination': {
      const target = DestinationTargetSchema.safeParse(fields.target);
      if (!target.success || !context.inForce) {
        return {
          now: 'it is added to the book, usable once its cooling-off has passed',
          later: 'is added to the book',
        };
      }
      const hours = coolingOffHoursOf(context.inForce.rules, target.data.kind);
      const from = new Date(context.now.getTime() + hours * 3_600_000);
      return {
        now:
          hours === 0
            ? 'it is added to the book, usable at once (no cooling-off)'
            : `it is added to the book, usable from approval + ${hoursWords(hours)} (about ${formatLocal(from)})`,
        later: 'is added to the book',
      };
    }
    case 'revokeAllowedDestination':
      return {
        now: 'the entry is revoked at once: no send may go there from then',
        later: 'is revoked',
      };
    default:
      return { now: 'it is sent to the service at once', later: 'is sent' };
  }
}

/** {@link lastApprovalWords} with the policy in force, read as every page reads it. */
export function useLastApproval(detail: ApprovalDetail): LastApproval {
  const policy = useQuery({ queryKey: POLICY_KEY, queryFn: getPolicy });
  const inForce = policy.data?.in_force;
  return lastApprovalWords(detail.journal.operation, detail.fields, {
    inForce: inForce && { version: inForce.version, rules: inForce.rules },
    now: new Date(),
  });
}
