import { Badge, Group, Text } from '@mantine/core';
import type { ChangeEffect, PolicyChangeItem } from '@console/schemas';

const EFFECT_COLOURS: Readonly<Record<ChangeEffect, string>> = {
  looser: 'red',
  stricter: 'teal',
  neutral: 'gray',
};

/**
 * A policy version's changes, one a line, old → new in words (issue 66): the list comes looser
 * first, and each looser line carries a red mark, so that what weakens a control is read before
 * anything else. The same list on the approval page, in its confirm dialog and in the editor.
 */
export function PolicyChangeListView({
  changes,
  label,
}: {
  changes: readonly PolicyChangeItem[];
  label: string;
}) {
  if (changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No change: it says what the version in force says.
      </Text>
    );
  }
  return (
    <ul aria-label={label} style={{ margin: 0, paddingInlineStart: 18 }}>
      {changes.map((change, i) => (
        <li key={i}>
          <Group gap={6} wrap="nowrap" align="flex-start">
            {/* The line says its effect in words; the badge repeats it for the eye only. */}
            <Badge
              color={EFFECT_COLOURS[change.effect]}
              variant={change.effect === 'looser' ? 'filled' : 'light'}
              size="sm"
              aria-hidden
              style={{ flexShrink: 0 }}
            >
              {change.effect}
            </Badge>
            <Text size="sm" fw={change.effect === 'looser' ? 600 : undefined}>
              {change.text}
            </Text>
          </Group>
        </li>
      ))}
    </ul>
  );
}

/** "2 of its 5 changes loosen a control", or undefined when none does. */
export function looserSummary(changes: readonly PolicyChangeItem[]): string | undefined {
  const looser = changes.filter((c) => c.effect === 'looser').length;
  if (looser === 0) return undefined;
  return `${looser} of its ${changes.length} change${changes.length === 1 ? '' : 's'} loosen${looser === 1 ? 's' : ''} a control`;
}
