import { Alert, Anchor, Text } from '@mantine/core';
import type { BatchChanges as Changes } from '@console/schemas';
import { Link } from 'react-router';
import { BATCH_STATE_WORDS } from './batch-words';

const rowList = (rows: readonly number[]) => {
  const shown = rows.slice(0, 10).join(', ');
  return rows.length > 10 ? `${shown} and ${rows.length - 10} more` : shown;
};

const part = (n: number, word: string, rows: readonly number[]) =>
  n === 0 ? null : `${n} row${n === 1 ? '' : 's'} ${word} (${rowList(rows)})`;

/** In words, "what changed since the earlier upload of the same file", and a link to it. */
export function changesSentence(changes: Changes): string {
  const parts = [
    part(changes.added.length, 'added', changes.added),
    part(changes.removed.length, 'removed', changes.removed),
    part(changes.changed.length, 'changed', changes.changed),
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? 'No row differs from it.' : `${parts.join('; ')}.`;
}

/** What changed against an earlier upload of a file of the same name and operation. */
export function BatchChanges({ changes }: { changes: Changes }) {
  return (
    <Alert
      color="blue"
      variant="light"
      role="note"
      title="Changes since the earlier upload of this file"
    >
      <Text size="sm">
        Against{' '}
        <Anchor component={Link} to={`/batches/${changes.earlier_batch_id}`} underline="always">
          batch {changes.earlier_batch_id}
        </Anchor>{' '}
        ({BATCH_STATE_WORDS[changes.earlier_state].label.toLowerCase()}): {changesSentence(changes)}
      </Text>
    </Alert>
  );
}
