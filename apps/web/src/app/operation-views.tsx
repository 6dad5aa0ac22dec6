import { fileNameOf, type WriteOperationId } from '@console/schemas';
import type { ComponentType } from 'react';
import {
  GeneratedFields,
  OperationPage,
  type OperationView,
  type Reviewer,
} from '@/components/form';

/*
 * A write's view, all from one optional file per write:
 * `features/<feature>/fields/<operation>-fields.tsx`, exporting `<Operation>Fields` (its layout)
 * and, when it has them, `review` (what the review step says leaves and arrives) and `defaults`
 * (the values a new request starts from). A write without the file gets a generated form.
 */

// Found by file name, each its own chunk, loaded when its page is first opened.
const FIELD_MODULES = import.meta.glob<Record<string, unknown>>(
  '../features/*/fields/*-fields.tsx',
);

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);

/** The fields file of a write, or undefined when its form is generated. */
export function fieldsFileOf(id: WriteOperationId): string | undefined {
  const name = `/${fileNameOf(id)}-fields.tsx`;
  return Object.keys(FIELD_MODULES).find((file) => file.endsWith(name));
}

/** Loads a write's view: its fields file's exports, or the generated form. */
export async function loadView(id: WriteOperationId): Promise<OperationView> {
  const file = fieldsFileOf(id);
  if (!file) return { Fields: GeneratedFields };
  const module = await FIELD_MODULES[file]!();
  const Fields = module[`${pascal(id)}Fields`] as ComponentType | undefined;
  if (!Fields) throw new Error(`${file} must export ${pascal(id)}Fields`);
  return {
    Fields,
    ...(module.review ? { review: module.review as Reviewer } : {}),
    ...(module.defaults ? { defaults: module.defaults as Record<string, unknown> } : {}),
  };
}

/** The page of a write: its form, with its view. */
export async function operationPage(id: WriteOperationId): Promise<ComponentType> {
  const view = await loadView(id);
  return function WritePage() {
    return <OperationPage operationId={id} {...view} />;
  };
}
