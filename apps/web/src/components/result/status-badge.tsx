import { Badge, Tooltip } from '@mantine/core';

const GOOD = ['COMPLETED', 'FILLED', 'APPROVED', 'SUCCEEDED', 'ACTIVE'];
const WAITING = [
  'PENDING',
  'PENDING_SUBMISSION',
  'SUBMITTED',
  'OPEN',
  'PROCESSING',
  'SENDING',
  'AWAITING_APPROVAL',
];
const BAD = ['FAILED', 'REJECTED', 'CANCELLED', 'EXPIRED', 'UNKNOWN'];

function colorOf(value: string): string {
  if (GOOD.includes(value)) return 'teal';
  if (WAITING.includes(value)) return 'yellow';
  if (BAD.includes(value)) return value === 'UNKNOWN' ? 'orange' : 'red';
  return 'gray';
}

function iconOf(value: string): string {
  if (GOOD.includes(value)) return '✓';
  if (WAITING.includes(value)) return '…';
  if (BAD.includes(value)) return value === 'UNKNOWN' ? '?' : '✕';
  return '•';
}

/**
 * A badge shows its whole value, never an ellipsis: "SUCCEED…" or "S…" in a squeezed table column
 * says nothing. The column grows (or the table scrolls) instead.
 */
const NEVER_TRUNCATE = {
  styles: { label: { textTransform: 'none', overflow: 'visible', textOverflow: 'clip' } },
  style: { flexShrink: 0, overflow: 'visible', maxWidth: 'none', minWidth: 'max-content' },
} as const;

export interface StatusBadgeProps {
  value: string;
  /** The values the spec lists; anything else is shown as itself and marked unknown. */
  known?: readonly string[];
  /** Words to show instead of the value (a journal state: "Succeeded"); colour and symbol still follow the value. */
  label?: string | undefined;
}

/**
 * A status as text with a symbol and a colour: the colour is never the only signal. A value the
 * console does not know yet is shown exactly as the service sent it, marked "unknown".
 */
export function StatusBadge({ value, known, label }: StatusBadgeProps) {
  const isUnknown = known !== undefined && !known.includes(value);
  const badge = (
    <Badge
      color={isUnknown ? 'gray' : colorOf(value)}
      variant={isUnknown ? 'outline' : 'light'}
      radius="sm"
      leftSection={<span aria-hidden>{isUnknown ? '?' : iconOf(value)}</span>}
      styles={NEVER_TRUNCATE.styles}
      style={NEVER_TRUNCATE.style}
    >
      {label ?? value}
      {isUnknown ? ' (unknown)' : ''}
    </Badge>
  );
  return isUnknown ? (
    <Tooltip label="A value the console does not know yet; shown as the service sent it">
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/** A plain enum value (side, type, network): outlined, with the same unknown mark. */
export function EnumBadge({ value, known }: StatusBadgeProps) {
  const isUnknown = known !== undefined && !known.includes(value);
  return (
    <Badge
      color="gray"
      variant="outline"
      radius="sm"
      styles={NEVER_TRUNCATE.styles}
      style={NEVER_TRUNCATE.style}
    >
      {value}
      {isUnknown ? ' (unknown)' : ''}
    </Badge>
  );
}
