import { Badge, Tooltip } from '@mantine/core';
import type { Tone } from '@/lib/status-words';

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

/** The tone of a value the console knows: its colour and symbol. */
function toneOf(value: string): Tone {
  if (GOOD.includes(value)) return 'good';
  if (WAITING.includes(value)) return 'waiting';
  if (value === 'UNKNOWN') return 'attention';
  if (BAD.includes(value)) return 'bad';
  return 'neutral';
}

const TONE_STYLE: Record<Tone, { color: string; icon: string }> = {
  good: { color: 'teal', icon: '✓' },
  waiting: { color: 'yellow', icon: '…' },
  bad: { color: 'red', icon: '✕' },
  attention: { color: 'orange', icon: '?' },
  neutral: { color: 'gray', icon: '•' },
};

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
  /** The colour and symbol where the words, not the value, decide them ("Cancel requested"). */
  tone?: Tone | undefined;
}

/**
 * A status as text with a symbol and a colour: the colour is never the only signal. A value the
 * console does not know yet is shown exactly as the service sent it, marked "unknown".
 */
export function StatusBadge({ value, known, label, tone }: StatusBadgeProps) {
  const isUnknown = known !== undefined && !known.includes(value);
  const style = TONE_STYLE[tone ?? toneOf(value)];
  const badge = (
    <Badge
      color={isUnknown ? 'gray' : style.color}
      variant={isUnknown ? 'outline' : 'light'}
      radius="sm"
      leftSection={<span aria-hidden>{isUnknown ? '?' : style.icon}</span>}
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
