import type { WriteOperation } from '@console/schemas';
import { createContext, useContext } from 'react';
import type { z } from 'zod';

export interface OperationContextValue {
  op: WriteOperation;
  /** Path parameters and body fields together, as the form edits them. */
  shape: Record<string, z.ZodType>;
}

export const OperationContext = createContext<OperationContextValue | null>(null);

/** The operation whose form is being edited; fields read their schemas and labels from it. */
export function useOperation(): OperationContextValue {
  const value = useContext(OperationContext);
  if (!value) throw new Error('A field was rendered outside an operation form');
  return value;
}
