import type { Identity, IdentityControl, IdentityRequirement } from '@console/schemas';

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

/** The reason codes of appendix B's closed list, as an operator says them. */
const REASON_WORDS: Record<string, string> = {
  OTHER: 'other reason',
  END_USER_REQUEST: 'at the end user’s request',
  INACTIVITY: 'inactivity',
  COMPLIANCE_KYC: 'compliance: KYC',
  COMPLIANCE_EDD: 'compliance: enhanced due diligence',
  COMPLIANCE_SCREENING: 'compliance: screening',
  COMPLIANCE_INVESTIGATION: 'compliance: investigation',
  COMPLIANCE_INCOMPLETE: 'compliance: incomplete information',
  RISK_FRAUD: 'risk: fraud',
  LEGAL_ORDER: 'legal order',
  ADMINISTRATIVE: 'administrative',
};

const SET_BY_WORDS: Record<string, string> = {
  SET_BY_SVC: 'the service',
  SET_BY_CLIENT: 'the client (us)',
};

const REQUIREMENT_WORDS: Record<string, string> = {
  ID_VERIFICATION: 'Identity verification',
  DOCUMENT_VERIFICATION: 'Document verification',
  SCREENING_CHECK: 'Screening check',
  COMPLIANCE_CHECK: 'Compliance check',
  ENHANCED_DUE_DILIGENCE: 'Enhanced due diligence',
  MEMBERS: 'Members',
  KYC_REFRESH: 'KYC refresh',
  TAX_DETAILS_VERIFICATION: 'Tax details verification',
};

const ACTOR_WORDS: Record<string, string> = {
  CLIENT: 'the client (us)',
  SVC: 'the service',
};

/** A reason code in words ("legal order"); an unknown one as the service wrote it. */
export function reasonWords(code: string | undefined): string | undefined {
  return code === undefined ? undefined : (REASON_WORDS[code] ?? code);
}

/** Who set a control, in words to go mid-sentence; an unknown setter as the service wrote it. */
export function setByWords(setBy: string): string {
  return SET_BY_WORDS[setBy] ?? setBy;
}

/** A requirement's type in words ("KYC refresh"); an unknown one as the service wrote it. */
export function requirementTypeWords(type: string): string {
  return REQUIREMENT_WORDS[type] ?? type;
}

/**
 * What a requirement waits for, in words: failed, or pending with whom must act. MEMBERS names
 * no one: each member identity carries its own.
 */
export function requirementStatusWords(requirement: IdentityRequirement): string {
  const status =
    requirement.status === 'FAILED'
      ? 'Failed'
      : requirement.status === 'PENDING'
        ? 'Pending'
        : requirement.status;
  const who = requirement.awaiting_action_from;
  if (who) return `${status}: awaiting ${ACTOR_WORDS[who] ?? who}`;
  return requirement.type === 'MEMBERS' ? `${status}: see each member identity` : status;
}

/** The identity's requirements (none when the service gave none). */
export function requirementsOf(identity: Identity): IdentityRequirement[] {
  return identity.status_details?.requirements ?? [];
}

/** A summary status in words ("Pending review"); an unknown one as the service wrote it. */
export function identityStatusWords(status: string | undefined): string {
  if (!status) return 'Status not given';
  return STATUS_WORDS[status] ?? status;
}

/** A control in words with its reason code in words: "Frozen (legal order)". */
export function controlWords(control: Pick<IdentityControl, 'type' | 'reason_code'>): string {
  const name = CONTROL_WORDS[control.type] ?? control.type;
  const reason = reasonWords(control.reason_code);
  return reason ? `${name} (${reason})` : name;
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
 * whyCannotTransact(erin, 'debit'); // 'Frozen (legal order): it cannot transact'
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
