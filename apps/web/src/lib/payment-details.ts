import { isRecord, type FiatDepositInstructions } from '@console/schemas';
import { ownerOf, railOf } from './fiat-account-words';

/** One line a payer needs to wire money in: what it is, and the exact value to copy. */
export interface PaymentLine {
  label: string;
  value: string;
}

const RAIL_WORDS: Record<string, string> = {
  wire: 'Wire',
  dbs_act: 'DBS ACT',
  cubix: 'CUBIX',
  cbit: 'CBIT',
  scb: 'SCB',
  rtp: 'RTP',
};

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** An address on one line, in the order a letter carries it. */
function addressLine(address: unknown): string | undefined {
  if (!isRecord(address)) return undefined;
  const parts = ['address1', 'address2', 'city', 'province', 'zip_code', 'country']
    .map((k) => str(address[k]))
    .filter((v): v is string => v !== undefined);
  return parts.length ? parts.join(', ') : undefined;
}

/**
 * What operators give a payer, from a set of deposit instructions: the memo to quote first (a
 * wire without it cannot be matched to the profile), then where to send it. Lines the record does
 * not carry are left out; values are as the service wrote them (masked for a role that may not
 * see them whole).
 */
export function paymentLines(instructions: FiatDepositInstructions): PaymentLine[] {
  const rail = railOf(instructions);
  const details = rail ? instructions.fiat_network_instructions[rail] : undefined;
  const d = isRecord(details) ? details : {};
  const routing = isRecord(d.routing_details) ? d.routing_details : {};
  const type = str(routing.routing_number_type);
  const lines: (PaymentLine | undefined)[] = [
    { label: 'Memo to quote', value: instructions.memo_id },
    rail ? { label: 'Rail', value: RAIL_WORDS[rail] ?? rail } : undefined,
    ownerOf(instructions).name
      ? { label: 'Beneficiary', value: ownerOf(instructions).name! }
      : undefined,
    str(d.account_number) ? { label: 'Account number', value: str(d.account_number)! } : undefined,
    str(d.account_id) ? { label: 'Account id', value: str(d.account_id)! } : undefined,
    str(routing.routing_number)
      ? {
          label: type ? `Routing number (${type})` : 'Routing number',
          value: str(routing.routing_number)!,
        }
      : undefined,
    str(routing.bank_name) ? { label: 'Bank', value: str(routing.bank_name)! } : undefined,
    addressLine(routing.bank_address)
      ? { label: 'Bank address', value: addressLine(routing.bank_address)! }
      : undefined,
  ];
  return lines.filter((l): l is PaymentLine => l !== undefined);
}

/** The lines as one text to paste into a message to the payer. */
export function paymentText(lines: readonly PaymentLine[]): string {
  return lines.map((l) => `${l.label}: ${l.value}`).join('\n');
}
