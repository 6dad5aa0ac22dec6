import { Fieldset, SimpleGrid } from '@mantine/core';
import type { FieldGroup } from '@console/schemas';
import type { ReactNode } from 'react';
import { AdvancedSection } from './advanced-section';

/** How an operator thinks of a request; the schemas say which group each field belongs to. */
export const GROUP_TITLES: Record<FieldGroup, string> = {
  who: 'Who',
  what: 'What',
  amount: 'How much',
  options: 'Options',
  advanced: 'Advanced',
};

export interface FormSectionProps {
  group: FieldGroup;
  children: ReactNode;
  /** Fields per row on wide screens; metadata and rails take a whole row anyway. */
  cols?: number;
}

export function FormSection({ group, children, cols = 2 }: FormSectionProps) {
  if (group === 'advanced') return <AdvancedSection cols={cols}>{children}</AdvancedSection>;
  return (
    <Fieldset legend={GROUP_TITLES[group]} variant="default" p="sm">
      <SimpleGrid cols={{ base: 1, md: cols }} spacing="sm" verticalSpacing="xs">
        {children}
      </SimpleGrid>
    </Fieldset>
  );
}

/** A field that spans the whole row of its section. */
export function Wide({ children }: { children: ReactNode }) {
  return <div style={{ gridColumn: '1 / -1' }}>{children}</div>;
}
