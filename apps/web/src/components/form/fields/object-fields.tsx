import { Fieldset, SimpleGrid } from '@mantine/core';
import type { ReactNode } from 'react';
import { fieldInfo, kindOf, objectShape } from '@/lib/schema-walk';
import { useOperation } from '../operation-context';
import { Field } from './field';

/**
 * Every member of a nested object of the schema, in the schema's order: plain members two to a
 * row, metadata across the row, nested objects as their own fieldsets (wire, addresses). The
 * schema is the field list.
 */
export function ObjectFields({ name, legend = true }: { name: string; legend?: boolean }) {
  const { shape } = useOperation();
  const info = fieldInfo(shape, name);
  const members = objectShape(info.schema);
  const blocks: ReactNode[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const keys = run;
    blocks.push(
      <SimpleGrid
        key={`grid-${keys[0]}`}
        cols={{ base: 1, md: 2 }}
        spacing="sm"
        verticalSpacing="xs"
      >
        {keys.map((key) => (
          <Field key={key} name={`${name}.${key}`} />
        ))}
      </SimpleGrid>,
    );
    run = [];
  };
  for (const [key, schema] of Object.entries(members)) {
    const kind = kindOf(schema);
    if (kind === 'object') {
      flush();
      blocks.push(<ObjectFields key={key} name={`${name}.${key}`} />);
    } else if (kind === 'record') {
      flush();
      blocks.push(<Field key={key} name={`${name}.${key}`} />);
    } else {
      run.push(key);
    }
  }
  flush();
  if (!legend) return <>{blocks}</>;
  return (
    <Fieldset legend={info.label} variant="filled" p="sm" mt="xs">
      {blocks}
    </Fieldset>
  );
}
