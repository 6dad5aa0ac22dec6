import { iso } from '../clock';
import { notFound } from '../problem';
import { charsFrom, newId } from './random';
import type { DepositInstructions, SandboxState } from './store';

/** The bank that receives the wires of every set of instructions: the service's own. */
const SERVICE_BANK = {
  routing_number_type: 'ABA',
  routing_number: '026009593',
  bank_name: 'Svc Trust Bank',
  bank_address: {
    country: 'US',
    address1: '1 Liberty Plaza',
    city: 'New York',
    province: 'NY',
    zip_code: '10006',
  },
};

/** An account number of the service's, made from the instructions' id so it stays the same. */
const accountNumber = (id: string) =>
  id
    .replace(/[^0-9]/g, '')
    .slice(0, 12)
    .padEnd(12, '0');

/** Where the payer sends the money, per rail: a wire, a CUBIX account or a DBS ACT account. */
function networkInstructions(d: DepositInstructions): Record<string, unknown> {
  if (d.network === 'CUBIX') return { cubix: { account_id: `cubix-${accountNumber(d.id)}` } };
  if (d.network === 'DBS_ACT') return { dbs_act: { account_number: accountNumber(d.id) } };
  return {
    wire: {
      account_number: accountNumber(d.id),
      routing_details: structuredClone(SERVICE_BANK),
      fiat_account_owner_address: structuredClone(SERVICE_BANK.bank_address),
    },
  };
}

/** Fiat deposit instructions as List and Get Fiat Deposit Instructions answer them. */
export function depositInstructionsView(d: DepositInstructions): Record<string, unknown> {
  return {
    id: d.id,
    profile_id: d.profile_id,
    identity_id: d.identity_id,
    ...(d.account_id !== undefined ? { account_id: d.account_id } : {}),
    ...(d.ref_id !== undefined ? { ref_id: d.ref_id } : {}),
    status: d.status,
    memo_id: d.memo_id,
    fiat_network_instructions: networkInstructions(d),
    fiat_account_owner: { institution_details: { name: 'Svc Trust Company' } },
    created_at: iso(d.created_at),
  };
}

/** New instructions the service makes for a rule that watches a fiat rail. */
export function createDepositInstructions(
  state: SandboxState,
  fields: { profile_id: string; identity_id?: string | undefined; asset: string; network: string },
  now: number,
): DepositInstructions {
  const made: DepositInstructions = {
    id: newId(),
    profile_id: fields.profile_id,
    identity_id: fields.identity_id ?? state.house_identity_id,
    asset: fields.asset,
    network: fields.network,
    memo_id: charsFrom(state.random, '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ', 10),
    status: 'VALID',
    created_at: now,
  };
  state.deposit_instructions.set(made.id, made);
  return made;
}

export function depositInstructionsOr404(state: SandboxState, id: string): DepositInstructions {
  const found = state.deposit_instructions.get(id);
  if (!found) throw notFound(`id: fiat deposit instructions ${id} do not exist`);
  return found;
}
