import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';

/** The search's words, the same in the header and on its page. */
export const FIND_LABEL = 'Find by id, reference id, hash, address or nickname';

/**
 * One box that takes whatever the operator pasted and opens the record it names (`/find?q=…`).
 * Enter searches; the page says what it found.
 */
export function FindForm({
  initial = '',
  compact = false,
}: {
  initial?: string;
  compact?: boolean;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  return (
    <Group
      component="form"
      role="search"
      aria-label="Find a record"
      gap={4}
      wrap="nowrap"
      onSubmit={(event) => {
        event.preventDefault();
        const q = text.trim();
        if (q) void navigate(`/find?q=${encodeURIComponent(q)}`);
      }}
    >
      <TextInput
        aria-label={compact ? FIND_LABEL : undefined}
        label={compact ? undefined : FIND_LABEL}
        placeholder={compact ? 'Find: paste an id, reference, hash…' : 'Paste it here'}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        size={compact ? 'xs' : 'sm'}
        w={compact ? 300 : 480}
        maw="100%"
        miw={0}
        spellCheck={false}
        autoComplete="off"
      />
      <Button
        type="submit"
        size={compact ? 'xs' : 'sm'}
        variant={compact ? 'default' : 'filled'}
        // The field gives way on a phone, never the button's word (issue 60, item 7).
        style={{ alignSelf: 'flex-end', flexShrink: 0 }}
      >
        Find
      </Button>
    </Group>
  );
}
