import type { DestinationField, DestinationKind, DestinationTarget } from '@console/schemas';
import { useWatch } from 'react-hook-form';
import { formatLocal, toDate } from '@/lib/format-time';
import { useBookRequired, useDestinationBook } from '@/lib/use-destination-book';
import { useNow } from '@/lib/use-now';
import { useOperation } from '../operation-context';
import { standingIn, withBook, type BookOption, type BookStanding } from './book-options';
import type { PickerOption } from './list-picker';

/**
 * The kind of book entry the field `name` picks, when it is the operation's destination
 * (`approval.destination` of the registry): the profile field of a transfer, or the address,
 * fiat account or profile of an orchestration's destination rail. Undefined for any other field
 * (an orchestration's source, the profile a transfer leaves).
 */
export function bookKindOf(
  destination: DestinationField | undefined,
  name: string,
): DestinationKind | undefined {
  if (!destination) return undefined;
  if (destination.holds !== 'rail')
    return name === destination.field ? destination.holds : undefined;
  const rails: Record<string, DestinationKind> = {
    [`${destination.field}.crypto.address`]: 'crypto-address',
    [`${destination.field}.fiat.fiat_account_id`]: 'fiat-account',
    [`${destination.field}.profile.profile_id`]: 'own-profile',
  };
  return rails[name];
}

/** The target a value of the field names: the network comes with an address. */
export function targetOf(
  kind: DestinationKind,
  value: string,
  network?: string,
): DestinationTarget | undefined {
  if (!value) return undefined;
  switch (kind) {
    case 'crypto-address':
      return network ? ({ kind, network, address: value } as DestinationTarget) : undefined;
    case 'fiat-account':
      return { kind, fiat_account_id: value };
    case 'counterparty-profile':
    case 'own-profile':
      return { kind, profile_id: value };
  }
}

/** A time of the BFF as the operator reads it, in text (an option's line, a field's problem). */
export const localText = (iso: string) => {
  const date = toDate(iso);
  return date ? formatLocal(date) : iso;
};

export interface BookPicking {
  kind: DestinationKind;
  /** Options in the book's order, with why each that cannot be chosen cannot. */
  arrange: <O extends PickerOption>(
    options: readonly O[],
    targetOf: (option: O) => DestinationTarget | undefined,
  ) => BookOption<O>[];
  /** Where a destination stands now. */
  standing: (target: DestinationTarget) => BookStanding;
}

/**
 * The book for a picker of `name`, where the policy asks for it for this operation and the asset
 * the form sends there; undefined otherwise, and while the book cannot be read (the picker is
 * then what it was without the book; the BFF refuses a destination outside it all the same).
 */
export function useBookPicking(name: string): BookPicking | undefined {
  const { op } = useOperation();
  const destination = op.approval.destination;
  const kind = bookKindOf(destination, name);
  const asset = useWatch({ name: kind && destination ? destination.asset : '__none__' }) as unknown;
  const required = useBookRequired(
    kind ? op.id : undefined,
    typeof asset === 'string' && asset ? asset : undefined,
  );
  const book = useDestinationBook(required);
  // A cooling-off ends by the clock alone: the picker follows it without a new read.
  const now = useNow(5_000);
  if (!kind || !required || book.isError) return undefined;
  const entries = book.data?.items ?? [];
  return {
    kind,
    arrange: (options, target) => withBook(options, target, entries, now, localText),
    standing: (target) => standingIn(entries, target, now),
  };
}
