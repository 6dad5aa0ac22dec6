import { changedOnly, isRecord, type WriteOperation } from '@console/schemas';
import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { isRowList, toRequestInput } from '@/lib/form-values';
import { metadataRowErrors } from '@/lib/metadata-rows';
import { fieldInfo, formPathFor, schemaAt } from '@/lib/schema-walk';

type Flat = Record<string, FieldError>;

/** zod's own wording for a missing object ("expected object, received undefined") in plain words. */
function operatorMessage(
  shape: Record<string, z.ZodType>,
  path: string,
  issue: z.core.$ZodIssue,
): string {
  if (
    issue.code === 'invalid_type' &&
    /received undefined/.test(issue.message) &&
    path !== 'root'
  ) {
    const label = schemaAt(shape, path) ? fieldInfo(shape, path).label : path;
    return `${label} is required`;
  }
  return issue.message;
}

function rowIssues(values: unknown, prefix: string, out: Flat): void {
  if (isRowList(values)) {
    metadataRowErrors(values).forEach((errors, index) => {
      for (const part of ['key', 'value'] as const) {
        const message = errors[part];
        if (message) out[`${prefix}.${index}.${part}`] = { type: 'metadata', message };
      }
    });
    return;
  }
  if (isRecord(values)) {
    for (const [key, member] of Object.entries(values)) {
      rowIssues(member, prefix ? `${prefix}.${key}` : key, out);
    }
  }
}

/**
 * zodResolver's job, on the shared request schema, with two console rules: empty inputs are "not
 * given" before validation, and an error inside a metadata object lands on its editor. Problems
 * of the whole request (no path) go to `root`.
 *
 * A form opened on a record's current values (`baseline`, an edit) is reduced to what the
 * operator changed before it is validated: that is what is sent, and a value left as the service
 * holds it is neither checked nor sent again.
 */
export function operationResolver(
  op: WriteOperation,
  shape: Record<string, z.ZodType>,
  baseline: () => Record<string, unknown> | null = () => null,
): Resolver<FieldValues> {
  return async (values, _context, options) => {
    const given = (toRequestInput(values) ?? {}) as Record<string, unknown>;
    const base = baseline();
    const input = base ? changedOnly(base, given).update : given;
    if (base && Object.keys(input).every((key) => op.pathParams.includes(key))) {
      const message = 'Nothing is changed yet: edit a value of the account before reviewing.';
      const flat: Flat = { root: { type: 'unchanged', message } };
      return { values: {}, errors: toNestErrors(flat, options) };
    }
    const flat: Flat = {};
    rowIssues(values, '', flat);
    const rowFields = new Set(
      Object.keys(flat).map((path) => path.replace(/\.\d+\.(key|value)$/, '')),
    );

    const parsed = await op.request.safeParseAsync(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const raw = issue.path.map(String).join('.');
        const path = formPathFor(shape, raw) || 'root';
        if (rowFields.has(path)) continue; // The rows already say what is wrong, more precisely.
        flat[path] ??= { type: issue.code, message: operatorMessage(shape, path, issue) };
      }
    }
    if (Object.keys(flat).length === 0 && parsed.success) {
      return { values: parsed.data as FieldValues, errors: {} };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}
