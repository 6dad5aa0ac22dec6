/**
 * The book of allowed destinations in a picker (issue 37), decided without React: where the
 * policy asks for the book, usable entries come first, those cooling off are shown but cannot be
 * chosen (with the time they become usable), those awaiting approval or revoked cannot be chosen
 * either, and a destination the book lacks can be chosen only to be added to the book. The BFF
 * decides the send itself; this only keeps the operator from picking what it would refuse.
 */
import {
  destinationKey,
  type AllowedDestination,
  type DestinationState,
  type DestinationTarget,
} from '@console/schemas';
import type { PickerOption } from './list-picker';

export type BookState = DestinationState | 'NOT_IN_BOOK';

/** What the book says of one destination at a moment, with its entry when it has one. */
export interface BookStanding {
  state: BookState;
  entry: AllowedDestination | undefined;
}

/**
 * The standing of `target` at `now`: its live entry (one cooling off is ACTIVE once its
 * `usable_from` has passed, as the BFF decides it by the clock), else its last revoked one, else
 * not in the book.
 */
export function standingIn(
  book: readonly AllowedDestination[],
  target: DestinationTarget,
  now: number,
): BookStanding {
  const key = destinationKey(target);
  const entries = book.filter((e) => destinationKey(e.target) === key);
  const live = entries.find((e) => e.state !== 'REVOKED');
  if (live) {
    const usable =
      live.state === 'COOLING_OFF' &&
      live.usable_from !== null &&
      Date.parse(live.usable_from) <= now;
    return { state: usable ? 'ACTIVE' : live.state, entry: live };
  }
  const revoked = entries[0];
  return revoked
    ? { state: 'REVOKED', entry: revoked }
    : { state: 'NOT_IN_BOOK', entry: undefined };
}

/** Why an entry in `state` cannot be chosen, in the words the option shows; undefined if it can. */
export function bookRefusal(
  standing: BookStanding,
  timeText: (iso: string) => string,
): string | undefined {
  switch (standing.state) {
    case 'ACTIVE':
    case 'NOT_IN_BOOK':
      return undefined;
    case 'COOLING_OFF':
      return standing.entry?.usable_from
        ? `cooling off in the book of allowed destinations, usable from ${timeText(standing.entry.usable_from)}`
        : 'cooling off in the book of allowed destinations';
    case 'PENDING_APPROVAL':
      return 'awaiting a second operator’s approval for the book of allowed destinations';
    case 'REVOKED':
      return 'revoked from the book of allowed destinations';
  }
}

/** The line an option adds about the book. */
function bookDetail(standing: BookStanding): string | undefined {
  if (standing.state === 'ACTIVE') return `In the book as “${standing.entry?.name ?? ''}”`;
  if (standing.state === 'NOT_IN_BOOK') return 'Not in the book: add it to send there';
  return undefined;
}

/** Usable first, then soon usable, then what an operator may add, then what waits or is gone. */
const RANK: Record<BookState, number> = {
  ACTIVE: 0,
  COOLING_OFF: 1,
  NOT_IN_BOOK: 2,
  PENDING_APPROVAL: 3,
  REVOKED: 4,
};

export type BookOption<O extends PickerOption> = O & {
  standing: BookStanding;
  unavailable?: string | undefined;
};

/**
 * `options` with the book's word on each: the explanation of one that cannot be chosen (an
 * option the picker refused for its own reason keeps that reason and goes last), a line naming
 * its entry, in the book's order (ACTIVE, COOLING_OFF soonest first, not in the book, awaiting
 * approval, revoked); otherwise in the order given. An option without a target (its network not
 * known) is left as it is, after the others.
 */
export function withBook<O extends PickerOption>(
  options: readonly O[],
  targetOf: (option: O) => DestinationTarget | undefined,
  book: readonly AllowedDestination[],
  now: number,
  timeText: (iso: string) => string,
): BookOption<O>[] {
  const decorated = options.map((option, index) => {
    const target = targetOf(option);
    const standing: BookStanding = target
      ? standingIn(book, target, now)
      : { state: 'NOT_IN_BOOK', entry: undefined };
    const own = option.unavailable;
    const refusal = own ?? (target ? bookRefusal(standing, timeText) : undefined);
    const line = target ? bookDetail(standing) : undefined;
    const detail = [option.detail, line].filter(Boolean).join(' · ');
    const rank = own !== undefined ? 6 : target ? RANK[standing.state] : 5;
    const when =
      standing.state === 'COOLING_OFF' ? Date.parse(standing.entry?.usable_from ?? '') || 0 : 0;
    return {
      option: {
        ...option,
        ...(detail ? { detail } : {}),
        unavailable: refusal,
        standing,
      } as BookOption<O>,
      rank,
      when,
      index,
    };
  });
  return decorated
    .sort((a, b) => a.rank - b.rank || a.when - b.when || a.index - b.index)
    .map((d) => d.option);
}
