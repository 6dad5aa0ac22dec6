import { FIELD_GROUPS, fieldMeta, type FieldGroup } from '@console/schemas';
import { kindOf } from '@/lib/schema-walk';
import { useOperation } from './operation-context';
import { isRail } from './fields/editor-of';
import { Field } from './fields/field';
import { FormSection, Wide } from './fields/form-section';
import { ObjectFields } from './fields/object-fields';
import { RailField } from './fields/rail-field';

/**
 * The form of a write that has no fields component of its own: every field of its schema, in the
 * schema's order, under the group its schema names. A written-out layout is clearer and replaces
 * it, but no write is ever without a form.
 */
export function GeneratedFields() {
  const { shape } = useOperation();
  const byGroup = new Map<FieldGroup, string[]>();
  for (const [name, schema] of Object.entries(shape)) {
    const group = fieldMeta(schema).group ?? 'what';
    byGroup.set(group, [...(byGroup.get(group) ?? []), name]);
  }
  return (
    <>
      {FIELD_GROUPS.filter((group) => byGroup.has(group)).map((group) => (
        <FormSection key={group} group={group}>
          {byGroup.get(group)!.map((name) => {
            const schema = shape[name]!;
            if (kindOf(schema) !== 'object') return <Field key={name} name={name} />;
            return (
              <Wide key={name}>
                {isRail(schema) ? <RailField name={name} /> : <ObjectFields name={name} />}
              </Wide>
            );
          })}
        </FormSection>
      ))}
    </>
  );
}
