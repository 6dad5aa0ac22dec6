import { Button, Modal, Stack, Text } from '@mantine/core';
import {
  destinationKey,
  MONEY_ROLES,
  type AllowedDestination,
  type DestinationTarget,
  type Role,
} from '@console/schemas';
import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { AddDestinationForm } from '@/components/book/add-destination-form';
import { useSession } from '@/lib/session';
import { useDestinationBook } from '@/lib/use-destination-book';
import { bookRefusal, type BookStanding } from './book-options';
import type { PickerOption } from './list-picker';
import { localText, useBookPicking } from './use-book';
import { useField } from './use-field';

/**
 * What is wrong with the destination the field holds, where the policy asks for the book: not in
 * it (add it), or in it but not usable (cooling off until a time, awaiting approval, revoked).
 */
export function bookProblem(
  label: string,
  standing: BookStanding | undefined,
  timeText: (iso: string) => string,
): string | undefined {
  if (!standing) return undefined;
  if (standing.state === 'NOT_IN_BOOK') {
    return `${label} is not in the book of allowed destinations: add it to the book, and send once another operator has approved it and it has cooled off.`;
  }
  const refusal = bookRefusal(standing, timeText);
  return refusal && `${label} cannot be sent to now: ${refusal}.`;
}

export interface AddToBookProps {
  target: DestinationTarget;
  /** The name the entry is proposed with, to be edited. */
  name: string;
  /** Whether the button is offered: the destination is not in the book. */
  offered: boolean;
  /** The picker's element, which takes the focus back once the button is gone. */
  fieldId: string;
}

/**
 * "Add to the book" for a destination a send form picked that the book lacks: the book's own
 * four-eyes proposal, prefilled, in a dialog over the form (so nothing typed is lost), and back
 * to the form. Offered to the roles that may propose. Stays mounted while its dialog is open:
 * the proposal puts the destination in the book (awaiting approval), which takes the button
 * away, and the dialog must not vanish under the operator's eyes.
 */
export function AddToBook({ target, name, offered, fieldId }: AddToBookProps) {
  const role = useSession().data?.operator.role;
  const [open, setOpen] = useState(false);
  const [proposed, setProposed] = useState(false);
  if (!role || !(MONEY_ROLES as readonly Role[]).includes(role)) return null;
  if (!offered && !open) return null;
  const close = () => {
    setOpen(false);
    // The button that opened it is gone once the proposal is in the book: back to the picker.
    if (!offered) document.getElementById(fieldId)?.focus();
  };
  return (
    <>
      {offered && (
        <Button
          variant="light"
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => setOpen(true)}
        >
          Add to the book
        </Button>
      )}
      {/* Outside the send form's element always (a form in a form is no HTML), portal or not. */}
      {createPortal(
        <Modal
          opened={open}
          onClose={close}
          returnFocus={offered}
          title={<Text fw={700}>Add to the book of allowed destinations</Text>}
          size="lg"
        >
          <Stack gap="sm">
            <Text size="sm">
              Another operator approves the entry, then it cools off; until then this form cannot
              send there. The send form keeps what you typed.
            </Text>
            {/* Remounted per destination: the prefill is taken once, as the form opens. */}
            <AddDestinationForm
              key={JSON.stringify(target)}
              initial={{ target, name }}
              onProposed={() => setProposed(true)}
            />
            <Button
              variant={proposed ? 'filled' : 'default'}
              style={{ alignSelf: 'flex-start' }}
              onClick={close}
            >
              Back to the form
            </Button>
          </Stack>
        </Modal>,
        document.body,
      )}
    </>
  );
}

/**
 * A picker's options, problem and action with the book, where the policy asks for it for the
 * field `name` (`useBookPicking`); what the picker had otherwise. Entries of the book's kind that
 * the picker's own list lacks (a counterparty's profile is no profile of ours) are offered too,
 * by their names in the book (`fromBook` makes the option; none when it returns undefined).
 */
export function useBookPicker<O extends PickerOption>(
  name: string,
  options: readonly O[],
  targetFor: (option: O) => DestinationTarget | undefined,
  fromBook: (entry: AllowedDestination) => O | undefined,
  chosen: { target: DestinationTarget | undefined; label: string },
): { options: readonly O[]; problem?: string | undefined; below?: ReactNode } {
  const picking = useBookPicking(name);
  const book = useDestinationBook(picking !== undefined);
  const fieldId = useField(name).id;
  if (!picking) return { options };
  const listed = new Set(
    options.flatMap((o) => {
      const t = targetFor(o);
      return t ? [destinationKey(t)] : [];
    }),
  );
  const extra = (book.data?.items ?? [])
    .filter((e) => e.target.kind === picking.kind && !listed.has(destinationKey(e.target)))
    .flatMap((e) => {
      const made = fromBook(e);
      if (made) listed.add(destinationKey(e.target));
      return made ? [made] : [];
    });
  const arranged = picking.arrange([...options, ...extra], targetFor);
  const standing = chosen.target ? picking.standing(chosen.target) : undefined;
  return {
    options: arranged,
    problem: bookProblem(chosen.label, standing, localText),
    below: chosen.target ? (
      <AddToBook
        key={destinationKey(chosen.target)}
        target={chosen.target}
        name={chosen.label}
        offered={standing?.state === 'NOT_IN_BOOK'}
        fieldId={fieldId}
      />
    ) : undefined,
  };
}
