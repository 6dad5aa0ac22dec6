import type { DestinationKind } from '../destinations-api';
import type { WriteOperationId } from '../registry';
import { WRITE_OPERATION_IDS } from '../registry';
import { DEFAULT_COOLING_OFF_HOURS, type PolicyDocumentV2 } from './policy-document';
import { needsStanding } from './policy-engine';

/*
 * What a policy says of the book of allowed destinations, for the approver of a new entry
 * (issue 66): how long the entry cools off after its approval, and which sends it binds.
 */

/** Hours a new entry of `kind` waits after its last approval: the document's, else 24. */
export function coolingOffHoursOf(document: PolicyDocumentV2, kind: DestinationKind): number {
  const book = document.destination_book;
  const hours =
    book && typeof book.cooling_off_hours === 'object' && book.cooling_off_hours !== null
      ? (book.cooling_off_hours as Record<string, unknown>)[kind]
      : undefined;
  return typeof hours === 'number' ? hours : DEFAULT_COOLING_OFF_HOURS;
}

/**
 * The operations whose decision asks the book (a rule that may decide one of their sends names
 * the book, outside it or one of its entries); empty when no operation requires the book.
 */
export function operationsBoundToBook(document: PolicyDocumentV2): WriteOperationId[] {
  return (WRITE_OPERATION_IDS as readonly WriteOperationId[]).filter((operation) =>
    needsStanding(document, operation),
  );
}
