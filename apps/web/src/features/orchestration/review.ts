import { isRecord } from '@console/schemas';
import type { ReviewLine, Reviewer } from '@/components/form';
import type { RecordRef } from '@/lib/record-ref';
import { formatMoney } from '@/lib/format-amount';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** A rail in words: "crypto address bc1… on BITCOIN", "fiat account f1a…", "profile 5b0…". */
export function describeRail(rail: unknown): string {
  if (!isRecord(rail)) return 'not set';
  const { crypto, fiat, profile } = rail as Record<string, Record<string, unknown> | undefined>;
  if (crypto) {
    const where = str(crypto.address) || `address id ${str(crypto.address_id)}`;
    return `crypto ${where}${crypto.network ? ` on ${str(crypto.network)}` : ''}`;
  }
  if (fiat) {
    if (fiat.fiat_account_id) {
      return `fiat account ${str(fiat.fiat_account_id)}${fiat.memo ? ` (memo ${str(fiat.memo)})` : ''}`;
    }
    return `fiat deposit instructions ${str(fiat.deposit_instructions_id)}${fiat.network ? ` over ${str(fiat.network)}` : ''}`;
  }
  if (profile) return `profile ${str(profile.profile_id)}`;
  return 'not set';
}

/** The record a rail names, where the console can name it: a fiat account, an address, a profile. */
export function railRecord(rail: unknown): RecordRef | undefined {
  if (!isRecord(rail)) return undefined;
  const { crypto, fiat, profile } = rail as Record<string, Record<string, unknown> | undefined>;
  if (crypto?.address_id) return { kind: 'deposit-address', id: str(crypto.address_id) };
  if (crypto?.address) return { kind: 'address', id: str(crypto.address) };
  if (fiat?.fiat_account_id) return { kind: 'fiat-account', id: str(fiat.fiat_account_id) };
  if (profile?.profile_id) return { kind: 'profile', id: str(profile.profile_id) };
  return undefined;
}

/** A rail as a review line: the record it names by name (with what more there is to say), or its words. */
function railLine(label: string, rail: unknown, fallback?: string): ReviewLine {
  const record = railRecord(rail);
  if (!record) return { label, value: rail ? describeRail(rail) : (fallback ?? 'not set') };
  const { crypto, fiat } = rail as Record<string, Record<string, unknown> | undefined>;
  const more = crypto?.network
    ? `crypto, on ${str(crypto.network)}`
    : fiat?.memo
      ? `fiat, memo ${str(fiat.memo)}`
      : '';
  return { label, value: more, record };
}

export const reviewOrchestration: Reviewer = (input) => {
  const conversion = input.source_asset !== input.destination_asset;
  return {
    leaves: [
      { label: 'Amount', value: formatMoney(str(input.source_amount), str(input.source_asset)) },
      railLine('From', input.source),
      { label: 'Profile', value: '', record: { kind: 'profile', id: str(input.profile_id) } },
    ],
    arrives: [
      { label: 'Asset', value: str(input.destination_asset) },
      railLine('To', input.destination),
    ],
    fee: 'Set by the service; not known before sending',
    ...(conversion
      ? {
          note: `A conversion: ${str(input.source_asset)} is converted to ${str(input.destination_asset)} at the service's rate.`,
        }
      : {}),
  };
};

export const reviewOrchestrationRule: Reviewer = (input) => ({
  leaves: [
    { label: 'Each deposit of', value: str(input.source_asset) },
    railLine('Arriving at', input.source),
    { label: 'Profile', value: '', record: { kind: 'profile', id: str(input.profile_id) } },
  ],
  arrives: [
    { label: 'As', value: str(input.destination_asset) },
    railLine('To', input.destination, 'the profile (no destination)'),
  ],
  fee: 'Per orchestration the rule creates, set by the service',
  note: 'From now on, every matching deposit is moved automatically, without another review.',
});
