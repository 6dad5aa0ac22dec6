import {
  isWriteOperationId,
  operations,
  type WriteOperation,
  type WriteOperationId,
} from '@console/schemas';
import type { z } from 'zod';

/**
 * A write of the registry as the send pipeline uses it: the registry's entries differ in their
 * input types, and the pipeline treats them all alike.
 */
export type SendableOperation = WriteOperation & { id: WriteOperationId };

/** The registry entry of a write's id, or undefined for anything else (a read included). */
export function sendableOperation(id: string): SendableOperation | undefined {
  return isWriteOperationId(id) ? operations[id] : undefined;
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

/** The fields a journaled body holds; a request without a body (a `DELETE`) holds none. */
export function bodyFields(requestBody: string): Record<string, unknown> {
  return requestBody === '' ? {} : (JSON.parse(requestBody) as Record<string, unknown>);
}
