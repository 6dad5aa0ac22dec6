import { Button, Code, Collapse, Stack } from '@mantine/core';
import { useState } from 'react';

/** The exact data on demand: what support asks for when something looks wrong. */
export function RawJson({ value, label = 'raw JSON' }: { value: unknown; label?: string }) {
  const [open, setOpen] = useState(false);
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        size="compact-xs"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        style={{ alignSelf: 'flex-start' }}
      >
        {open ? `Hide ${label}` : `Show ${label}`}
      </Button>
      <Collapse expanded={open}>
        <Code block style={{ maxHeight: 420, overflow: 'auto', fontSize: 12 }}>
          {text}
        </Code>
      </Collapse>
    </Stack>
  );
}
