import { operations, type OperationId } from '@console/schemas';
import type { z } from 'zod';

/**
 * The members of a registry operation the BFF uses, in a shape that does not depend on which
 * operation it is: the registry's entries differ in their input types, and the pipeline treats
 * them all alike.
 */
export interface SendableOperation {
  id: OperationId;
  title: string;
  description: string;
  method: 'POST' | 'PUT';
  path: string;
  pathParams: readonly string[];
  scope: string;
  movesMoney: boolean;
  takesRefId: boolean;
  /** Built once; its clock rules read `Date.now()` as it parses. */
  request: z.ZodType;
  requestAt(now: number): z.ZodType;
  toWire(input: Record<string, unknown>): { path: string; body: Record<string, unknown> };
}

/** The registry entry of an operation id, or undefined for anything else. */
export function sendableOperation(id: string): SendableOperation | undefined {
  if (!Object.hasOwn(operations, id)) return undefined;
  return operations[id as OperationId] as unknown as SendableOperation;
}

/**
 * The request schema checked against `clock`. For the live clock it is the registry's `request`,
 * built once: zod compiles a schema on its first parse, so `requestAt(Date.now())` paid that
 * compile on every send, for the same check (the rules read `Date.now()` at parse time either way).
 * Any other clock (tests fix it) gets a schema fixed at its current reading.
 */
export function requestSchema(operation: SendableOperation, clock: () => number): z.ZodType {
  return clock === Date.now ? operation.request : operation.requestAt(clock());
}

/** Reads path parameters back out of a path built from the template (for resolving). */
export function pathParamsOf(template: string, path: string): Record<string, string> {
  const names: string[] = [];
  const pattern = template
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{([a-z_]+)\}/g, (_, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  const match = new RegExp(`^${pattern}$`).exec(path);
  const out: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = match?.[i + 1];
    if (value !== undefined) out[name] = decodeURIComponent(value);
  });
  return out;
}
