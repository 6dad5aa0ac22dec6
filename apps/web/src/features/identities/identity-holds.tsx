import { List, Stack, Text } from '@mantine/core';
import type { IdentityControl, IdentityRequirement } from '@console/schemas';
import { LocalTime } from '@/components/result/local-time';
import {
  controlWords,
  requirementStatusWords,
  requirementTypeWords,
  setByWords,
} from '@/lib/identity-words';

/*
 * What holds an identity back, as appendix B gives it: each active control with who set it, why
 * (its reason code in words and the setter's own text), since when and whether it may be
 * overridden; each requirement with its status, who must act and the service's error codes.
 * An operator deciding whether to chase the end user or the service needs all of it.
 */

/** Whether a control may be overridden, in words; the service may leave it unsaid. */
function overridableWords(control: IdentityControl): string {
  if (control.is_overridable === true) return 'may be overridden';
  if (control.is_overridable === false) return 'cannot be overridden';
  return 'whether it may be overridden is not given';
}

/** The identity's active controls, one item each, or "None". */
export function IdentityControls({ controls }: { controls: IdentityControl[] }) {
  if (controls.length === 0) return <Text size="sm">None</Text>;
  return (
    <List size="sm" spacing="xs" aria-label="Active controls">
      {controls.map((c) => (
        <List.Item key={c.id}>
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {controlWords(c)}
            </Text>
            {c.reason && <Text size="sm">“{c.reason}”</Text>}
            <Text size="xs" c="dimmed">
              Set by {setByWords(c.set_by)} since <LocalTime value={c.created_at} size="xs" />;{' '}
              {overridableWords(c)}
            </Text>
          </Stack>
        </List.Item>
      ))}
    </List>
  );
}

/** What is still required for approval, one item each with its errors, or "Nothing". */
export function IdentityRequirements({ requirements }: { requirements: IdentityRequirement[] }) {
  if (requirements.length === 0) return <Text size="sm">Nothing</Text>;
  return (
    <List size="sm" spacing="xs" aria-label="Still required">
      {requirements.map((r, n) => (
        <List.Item key={`${r.type}-${n}`}>
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {requirementTypeWords(r.type)}: {requirementStatusWords(r)}
            </Text>
            {r.errors.map((e, k) => (
              <Text key={`${e.code}-${k}`} size="xs">
                <Text span size="xs" ff="monospace">
                  {e.code}
                </Text>
                {e.description ? `: ${e.description}` : ''}
              </Text>
            ))}
          </Stack>
        </List.Item>
      ))}
    </List>
  );
}
