import type { Identity, IdentityControl } from '@console/schemas';

/*
 * Identities in the operator's words, and the rule of appendix B that decides whether one may
 * transact: only an APPROVED identity with no active FROZEN or CLOSED control; a SELL_ONLY
 * control lets it sell and receive, never buy or send. The sandbox refuses the same; the console
 * says it before the send, where the operator picks.
 */

/** What a request does for an identity: SELL_ONLY allows sells and credits only. */
export type IdentitySide = 'buy' | 'sell' | 'debit' | 'credit';

const STATUS_WORDS: Record<string, string> = {
  APPROVED: 'Approved',
  PENDING: 'Pending review',
  ERROR: 'Review failed',
  DENIED: 'Denied',
  DISABLED: 'Disabled',
};

const CONTROL_WORDS: Record<string, string> = {
  FROZEN: 'Frozen',
  CLOSED: 'Closed',
  SELL_ONLY: 'Sell only',
  DORMANT: 'Dormant',
};

/** A summary status in words ("Pending review"); an unknown one as the service wrote it. */
export function identityStatusWords(status: string | undefined): string {
  if (!status) return 'Status not given';
  return STATUS_WORDS[status] ?? status;
}

/** A control in words with its reason: "Frozen (reason LEGAL_HOLD)". */
export function controlWords(control: IdentityControl): string {
  const name = CONTROL_WORDS[control.type] ?? control.type;
  return control.reason_code ? `${name} (reason ${control.reason_code})` : name;
}

/** The identity's active controls (none when the service gave none). */
export function activeControls(identity: Identity): IdentityControl[] {
  return identity.status_details?.active_controls ?? [];
}

/**
 * An identity's name as an operator recognises it: a person's first and last name, an
 * institution's name (or the name it does business as); its reference id, then its id, when the
 * service gave no details. Masked details (a viewer's) read masked.
 */
export function identityName(identity: Identity): string {
  const person = identity.person_details;
  const personName = [person?.first_name, person?.last_name].filter(Boolean).join(' ');
  if (personName) return personName;
  const institution = identity.institution_details;
  const institutionName = institution?.name || institution?.doing_business_as;
  if (institutionName) return institutionName;
  return identity.ref_id || identity.id;
}

/** "Person" or "Institution"; an unknown type as the service wrote it. */
export function identityTypeWords(type: string | undefined): string {
  if (type === 'PERSON') return 'Person';
  if (type === 'INSTITUTION') return 'Institution';
  return type ?? 'Type not given';
}

/**
 * Why the identity cannot take part in a request on this side, in words, or undefined when it
 * can. Without a side (a form that moves nothing, an address scoped to the identity) nothing is
 * refused.
 *
 * @example
 * whyCannotTransact(erin, 'debit'); // 'Frozen (reason LEGAL_HOLD): it cannot transact'
 */
export function whyCannotTransact(
  identity: Identity,
  side: IdentitySide | undefined,
): string | undefined {
  if (side === undefined) return undefined;
  if (identity.summary_status !== 'APPROVED') {
    return `${identityStatusWords(identity.summary_status)}: only an approved identity can transact`;
  }
  const controls = activeControls(identity);
  const stop = controls.find((c) => c.type === 'FROZEN' || c.type === 'CLOSED');
  if (stop) return `${controlWords(stop)}: it cannot transact`;
  const sellOnly = controls.find((c) => c.type === 'SELL_ONLY');
  if (sellOnly && (side === 'buy' || side === 'debit')) {
    return `${controlWords(sellOnly)}: it may sell and receive, not ${side === 'buy' ? 'buy' : 'send funds'}`;
  }
  return undefined;
}
