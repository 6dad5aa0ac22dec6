import { iso } from '../clock';
import type { AccountState, Control, IdentityState } from './store-records';

/** A control as the service answers it (appendix B, IdentityControl). */
export function controlView(c: Control): Record<string, unknown> {
  return {
    id: c.id,
    type: c.type,
    set_by: c.set_by,
    is_overridable: c.is_overridable,
    ...(c.reason_code !== undefined ? { reason_code: c.reason_code } : {}),
    ...(c.reason !== undefined ? { reason: c.reason } : {}),
    created_at: iso(c.created_at),
  };
}

/**
 * An identity as the service answers it. Its person's or institution's details are personal
 * data: Get Identity leaves them out unless asked (`include_details`); institution members come
 * with `include_institution_members`.
 */
export function identityView(
  i: IdentityState,
  options: { details: boolean; members: boolean },
): Record<string, unknown> {
  return {
    id: i.id,
    type: i.type,
    summary_status: i.summary_status,
    status: i.summary_status,
    status_details: {
      active_controls: i.controls.map(controlView),
      requirements: structuredClone(i.requirements),
    },
    ...(options.details && i.person_details
      ? { person_details: structuredClone(i.person_details) }
      : {}),
    ...(options.details && i.institution_details
      ? { institution_details: structuredClone(i.institution_details) }
      : {}),
    ...(options.members && i.institution_members
      ? { institution_members: structuredClone(i.institution_members) }
      : {}),
    ...(i.ref_id !== undefined ? { ref_id: i.ref_id } : {}),
    metadata: { ...i.metadata },
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
  };
}

/** An account as the service answers it. */
export function accountView(a: AccountState): Record<string, unknown> {
  return {
    id: a.id,
    ...(a.identity_id !== undefined ? { identity_id: a.identity_id } : {}),
    ...(a.description !== undefined ? { description: a.description } : {}),
    type: a.type,
    summary_status: a.summary_status,
    ...(a.profile_id !== undefined ? { profile_id: a.profile_id } : {}),
    members: a.members.map((m) => ({ ...m, roles: [...m.roles] })),
    admin_disabled: false,
    user_disabled: false,
    ...(a.ref_id !== undefined ? { ref_id: a.ref_id } : {}),
    metadata: { ...a.metadata },
    created_at: iso(a.created_at),
    updated_at: iso(a.updated_at),
  };
}
