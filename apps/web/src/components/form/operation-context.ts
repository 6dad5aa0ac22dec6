import type { WriteOperation } from '@console/schemas';
import { createContext, useContext } from 'react';
import type { z } from 'zod';

export interface OperationContextValue {
  op: WriteOperation;
  /** Path parameters and body fields together, as the form edits them. */
  shape: Record<string, z.ZodType>;
  /**
   * An edit of a record the service holds: its current values, in request form, as the fields
   * were filled with them. Only what differs from them is sent, and the review shows old → new.
   * Null for a form that creates something.
   */
  baseline: Record<string, unknown> | null;
  /** Which record the baseline is (its id), when the form edits one. */
  editing: string | undefined;
  /**
   * Opens the form anew on a record a fields component has read: `values` fill the fields (path
   * parameters included), `current` is the same record in request form, `of` names it.
   */
  openOn: (values: Record<string, unknown>, current: Record<string, unknown>, of: string) => void;
}

export const OperationContext = createContext<OperationContextValue | null>(null);

/** The operation whose form is being edited; fields read their schemas and labels from it. */
export function useOperation(): OperationContextValue {
  const value = useContext(OperationContext);
  if (!value) throw new Error('A field was rendered outside an operation form');
  return value;
}
