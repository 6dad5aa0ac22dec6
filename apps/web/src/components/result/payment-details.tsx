import { Button, CopyButton, Group, Stack, Table, Text } from '@mantine/core';
import type { FiatDepositInstructions } from '@console/schemas';
import { paymentLines, paymentText } from '@/lib/payment-details';
import { CopyValue } from './copy-value';

/**
 * A deposit instruction's memo and wire details, each with a copy button, and all of them at
 * once: operators give them to payers, and a wire without the memo cannot be matched.
 */
export function PaymentDetails({ instructions }: { instructions: FiatDepositInstructions }) {
  const lines = paymentLines(instructions);
  return (
    <Stack gap={4}>
      <Table withRowBorders={false} verticalSpacing={2} aria-label="What the payer needs">
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.label}>
              <Table.Th scope="row" fw={400} w={170}>
                <Text size="xs" c="dimmed">
                  {line.label}
                </Text>
              </Table.Th>
              <Table.Td>
                <CopyValue value={line.value} label={line.label.toLowerCase()} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <CopyButton value={paymentText(lines)}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy}>
              {copied ? 'Copied for the payer' : 'Copy all for the payer'}
            </Button>
          )}
        </CopyButton>
        {instructions.status === 'DEPRECATED' && (
          <Text size="xs" fw={600}>
            Deprecated: do not give these to a new payer.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
