import { Fieldset, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { fieldMeta } from '@console/schemas';
import { useId, useLayoutEffect, useState, type ReactNode } from 'react';
import { get, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useOperation } from '../operation-context';

/** A value the operator (or a clone) gave: not empty. */
const given = (value: unknown) =>
  value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && !value.length);

/**
 * What the API takes and the operator rarely decides (issue 33, item 9): the fields whose schema
 * puts them in the `advanced` group, closed unless one of them is set, and opened whenever one of
 * them has an error, so that focus can land on it. Closed, the fields stay mounted (hidden), so
 * their values are kept and sent. The reference id does not count as set: the console minted it.
 */
export function AdvancedSection({ children, cols }: { children: ReactNode; cols: number }) {
  const { shape } = useOperation();
  const names = Object.keys(shape).filter((n) => fieldMeta(shape[n]!).group === 'advanced');
  const { control } = useFormContext();
  const values = useWatch({ control, name: names }) as unknown[];
  const { errors } = useFormState({ control, name: names });
  const set = names.filter((n, i) => n !== 'ref_id' && given(values[i]));
  const erred = names.some((n) => get(errors, n) !== undefined);
  const [open, setOpen] = useState(set.length > 0);
  // Before paint, so that the form's focus on the first error finds the field shown.
  useLayoutEffect(() => {
    if (erred) setOpen(true);
  }, [erred]);
  const shown = open || erred;
  const regionId = useId();
  const labels = names.map((n) => fieldMeta(shape[n]!).label ?? n);
  return (
    <Fieldset
      variant="default"
      p="sm"
      legend={
        <UnstyledButton
          type="button"
          aria-expanded={shown}
          aria-controls={regionId}
          onClick={() => setOpen(!shown)}
          style={{ fontWeight: 600 }}
        >
          <span aria-hidden>{shown ? '▾' : '▸'} </span>
          Advanced
          {!shown && set.length > 0 ? ` (${set.length} set)` : ''}
        </UnstyledButton>
      }
    >
      {!shown && (
        <Text size="xs" c="dimmed">
          What the service's API takes beyond the request itself: {labels.join(', ')}.
        </Text>
      )}
      <div id={regionId} hidden={!shown}>
        <SimpleGrid cols={{ base: 1, md: cols }} spacing="sm" verticalSpacing="xs">
          {children}
        </SimpleGrid>
      </div>
    </Fieldset>
  );
}
