import type { SignedDecision } from '@console/schemas';
import { ActionIcon, CopyButton, Group, List, Text, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import { CheckIcon, CopyIcon } from '@/components/icons';

/** "Signed with passkey ‘YubiKey 5C’ by Frank, 14:02" (issue 61): who signed, with which key. */
export function signedWords(signed: SignedDecision): string {
  const verb = signed.decision === 'approve' ? 'Signed' : 'Rejection signed';
  return `${verb} with passkey ‘${signed.passkey_name}’ by ${signed.approver_name}, ${dayjs(signed.at).format('HH:mm')}`;
}

/**
 * The decisions signed with a passkey, each with its proof to copy: what anyone checks offline
 * with `pnpm cli audit:verify-approval --proof FILE` (ADR 037).
 */
export function SignedDecisions({ signatures }: { signatures: SignedDecision[] }) {
  return (
    <List size="sm" aria-label="Decisions signed with a passkey">
      {signatures.map((signed) => (
        <List.Item key={signed.proof}>
          <Group gap={4} wrap="nowrap">
            <Text span size="sm">
              {signedWords(signed)}
            </Text>
            <CopyButton value={signed.proof}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Proof copied' : 'Copy the proof'}>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={`Copy the proof signed by ${signed.approver_name}`}
                  >
                    {copied ? <CheckIcon /> : <CopyIcon />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
