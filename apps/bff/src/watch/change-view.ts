/**
 * What one operator's browser is sent of a change: nothing of a record their role may not read,
 * and personal data masked exactly as the read of that record would mask it (the read proxy's
 * rule, `access/personal-data.ts`), so that the stream shows no more than the pages do.
 */
import { operations, type ReadOperation, type ReadOperationId, type Role } from '@console/schemas';
import { maskPersonal, seesPersonalData } from '../access/personal-data';
import type { StoredChange } from './change-store';

/** The read whose record a change is about: its roles and masking apply. */
const READ_OF_RECORD: Record<string, ReadOperationId> = {
  transfer: 'listTransfers',
  orchestration: 'listOrchestrations',
  identity: 'listIdentities',
  order: 'listOrders',
  execution: 'listExecutions',
};

/** One message of the stream (and one item of the inbox). */
export interface LiveMessage {
  id: string;
  kind: string;
  record_type: string;
  record_id: string;
  profile_id: string | null;
  inbox: boolean;
  at: string;
  /** The record (or event) as the service gave it, masked for the role. */
  record: unknown;
}

/**
 * The change as `role` may see it, or null when its role may not read such records; `inbox`
 * says whether it concerns this operator (`inbox-audience.ts`).
 */
export function viewOf(change: StoredChange, role: Role, inbox: boolean): LiveMessage | null {
  const read = operations[READ_OF_RECORD[change.record_type] ?? 'listEvents'] as ReadOperation;
  if (!read.roles.includes(role)) return null;
  const whole = seesPersonalData(role) && read.fullRecordRoles.includes(role);
  return {
    id: change.id,
    kind: change.kind,
    record_type: change.record_type,
    record_id: change.record_id,
    profile_id: change.profile_id,
    inbox,
    at: change.at,
    record: whole ? change.payload : maskPersonal(change.payload),
  };
}
