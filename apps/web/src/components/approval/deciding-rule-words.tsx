import { Stack, Text } from '@mantine/core';
import type { DecidingRule } from '@console/schemas';

/**
 * The rule of the policy that decided a send (issue 66): its position and words, why it matched,
 * and the amount its thresholds compared: for a market order, the estimate at the price read when
 * it was decided plus the policy's margin, or that its amount is unknown before the fill. The
 * review shows it before a send, the approval page after; the BFF wrote every word.
 */
export function DecidingRuleWords({ rule }: { rule: DecidingRule }) {
  return (
    <Stack gap={2} aria-label="The rule that decided it" role="group">
      <Text size="sm">
        {rule.position === null
          ? `No rule matched, so the default decided: ${rule.words}.`
          : `Decided by rule ${rule.position} (${rule.rule}): ${rule.words}.`}
      </Text>
      {rule.position !== null && <Text size="sm">{rule.why}</Text>}
      {rule.amount_words !== null && <Text size="sm">Amount compared: {rule.amount_words}.</Text>}
    </Stack>
  );
}
