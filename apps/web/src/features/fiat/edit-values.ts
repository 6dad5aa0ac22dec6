import { FIAT_ACCOUNT_UPDATE_MEMBERS, isRecord, pickMembers } from '@console/schemas';
import type { z } from 'zod';
import { toFormValues, toRequestInput } from '@/lib/form-values';

/**
 * A fiat account as the update form edits it: the members an update can change, in the form's
 * shape (members the request has no field for left out), and the same values in request form,
 * which the edit is compared with.
 */
export function editValues(
  shape: Record<string, z.ZodType>,
  account: Record<string, unknown>,
): { form: Record<string, unknown>; baseline: Record<string, unknown> } {
  const form = toFormValues(shape, pickMembers(account, FIAT_ACCOUNT_UPDATE_MEMBERS));
  const baseline = (toRequestInput(form) ?? {}) as Record<string, unknown>;
  return { form, baseline };
}

/** The members of an object of the baseline (the owner, the instructions) that the form shows. */
export function shownMembers(baseline: Record<string, unknown>, member: string): string[] {
  const value = baseline[member];
  return isRecord(value) ? Object.keys(value) : [];
}
