import './fields.css';
import { useFormContext, useFormState, get, type FieldValues } from 'react-hook-form';
import { fieldInfo, type FieldInfo } from '@/lib/schema-walk';
import { useOperation } from '../operation-context';

/** Every message at or below a path: metadata keys and nested rails report below the field. */
export function messagesOf(error: unknown): string[] {
  if (!error || typeof error !== 'object') return [];
  const out: string[] = [];
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) out.push(message);
  for (const [key, member] of Object.entries(error)) {
    if (key === 'message' || key === 'ref' || key === 'type' || key === 'types') continue;
    out.push(...messagesOf(member));
  }
  return [...new Set(out)];
}

/** Props that mark a control required: for the eye (a CSS mark) and for assistive technology. */
export function requiredProps(required: boolean) {
  return {
    'aria-required': required,
    labelProps: required ? { className: 'required-label' } : undefined,
  } as const;
}

export interface UseField extends FieldInfo {
  name: string;
  /** The message shown beside the field, if any. */
  error: string | undefined;
  id: string;
}

/**
 * The schema facts and current error of one field. `required` can be forced by the fields
 * component when a rule (not the schema) demands the value, e.g. the price of a limit order.
 */
export function useField(name: string, required?: boolean): UseField {
  const { shape, op } = useOperation();
  const { control } = useFormContext<FieldValues>();
  const { errors } = useFormState({ control, name });
  const info = fieldInfo(shape, name);
  const own = get(errors, name) as { message?: string } | undefined;
  return {
    ...info,
    required: required ?? info.required,
    name,
    error: own?.message || undefined,
    id: `${op.id}-${name.replace(/\./g, '-')}`,
  };
}
