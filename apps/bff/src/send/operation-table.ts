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
  requestAt(now: number): z.ZodType;
  toWire(input: Record<string, unknown>): { path: string; body: Record<string, unknown> };
}

/** The registry entry of an operation id, or undefined for anything else. */
export function sendableOperation(id: string): SendableOperation | undefined {
  if (!Object.hasOwn(operations, id)) return undefined;
  return operations[id as OperationId] as unknown as SendableOperation;
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
