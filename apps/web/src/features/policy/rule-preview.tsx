import { Stack, Text } from '@mantine/core';
import {
  lintPolicy,
  PolicyRuleSchema,
  ruleWords,
  type PolicyDocumentV2,
  type PolicyRule,
} from '@console/schemas';
import { useWatch, type Control } from 'react-hook-form';
import { changeRules, whereItDecides } from './policy-draft';
import { formToRule, type RuleFormValues } from './rule-form-values';

/**
 * What a rule of the form would say, in words, and what the lint finds of it in the draft: read
 * as the admin types, before the rule is saved into the draft.
 */
export function RulePreview({
  control,
  document,
  replacing,
}: {
  control: Control<RuleFormValues, unknown, PolicyRule>;
  document: PolicyDocumentV2;
  replacing: string | null;
}) {
  const values = useWatch({ control }) as RuleFormValues;
  const parsed = PolicyRuleSchema.safeParse(formToRule(values));
  if (!parsed.success) {
    return (
      <Text size="sm" c="dimmed">
        The rule reads in words once every field is valid.
      </Text>
    );
  }
  const rule = parsed.data;
  // A new rule goes where it can decide, as the rows will place it on saving.
  const place = replacing === null ? whereItDecides(document, rule) : null;
  const draft = changeRules(
    document,
    place ? { type: 'add', rule, at: place.at } : { type: 'replace', id: replacing!, rule },
  );
  const index = place ? place.at : draft.rules.indexOf(rule);
  const problems = lintPolicy(draft).filter((p) => p.index === index);
  return (
    <Stack gap={4} aria-live="polite">
      <Text size="sm">Reads: {ruleWords(rule)}.</Text>
      {place && (
        <Text size="sm">
          Saved as rule {place.at + 1}
          {place.before
            ? `, before ${place.before.id}, which matches every send this one does.`
            : ', the last.'}
        </Text>
      )}
      {problems.map((p, i) => (
        <Text key={i} size="sm" c="red">
          {p.message}
        </Text>
      ))}
    </Stack>
  );
}
