import type { ComponentType } from 'react';
import type { Reviewer } from './review';

/**
 * What a write's page adds to the form shell: its fields, what its review says leaves and
 * arrives, and the values a new request starts from. The app loads one per write
 * (`app/operation-views.tsx`); a single send's page and a schedule's form both take it.
 */
export interface OperationView {
  Fields: ComponentType;
  review?: Reviewer;
  defaults?: Record<string, unknown>;
}
