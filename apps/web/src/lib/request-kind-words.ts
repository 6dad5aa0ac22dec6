/*
 * Each kind of request in its own words (issue 66): a send goes to the service; a policy version
 * comes into force; a book entry is added to the book; a revocation takes effect. None but a
 * send is "sent", and the home, the maker's notices and the answer cards say so.
 */

/** The kinds of request whose words differ. */
export type RequestKind = 'send' | 'policy-version' | 'book-entry' | 'book-revocation';

export function requestKindOf(operation: string): RequestKind {
  switch (operation) {
    case 'proposePolicyVersion':
      return 'policy-version';
    case 'addAllowedDestination':
      return 'book-entry';
    case 'revokeAllowedDestination':
      return 'book-revocation';
    default:
      return 'send';
  }
}

interface KindWords {
  /** How its maker made it, before the time: "Sent", "Proposed". */
  made: string;
  /** A SUCCEEDED entry of the kind, as the home and the maker's notice say it. */
  done: string;
  /** What its approval did, for the maker's notice. */
  doneMessage: string;
}

const WORDS: Readonly<Record<RequestKind, KindWords>> = {
  send: {
    made: 'Sent',
    done: 'Approved and sent',
    doneMessage: 'approved; the service accepted it',
  },
  'policy-version': {
    made: 'Proposed',
    done: 'Approved: in force',
    doneMessage: 'approved; it is the policy in force',
  },
  'book-entry': {
    made: 'Proposed',
    done: 'Approved: in the book',
    doneMessage: 'approved; it is in the book, usable once its cooling-off has passed',
  },
  'book-revocation': {
    made: 'Asked',
    done: 'Approved: revoked',
    doneMessage: 'approved; the entry is revoked',
  },
};

/** The words of `operation`'s kind. */
export const requestKindWords = (operation: string): KindWords => WORDS[requestKindOf(operation)];
