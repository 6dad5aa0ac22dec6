import { Anchor, Table, Text, Title } from '@mantine/core';
import type { DryRunCounts, PolicyDryRun } from '@console/schemas';
import { Link } from 'react-router';
import { LocalTime } from '@/components/result/local-time';
import { operationTitle } from '@/lib/operation-title';

const OUTCOMES: { key: keyof DryRunCounts; label: string }[] = [
  { key: 'send', label: 'Sent at once' },
  { key: 'hold', label: 'Held for approval' },
  { key: 'escalate', label: 'Escalated' },
  { key: 'refuse', label: 'Refused' },
];

const approvalsWords = (items: PolicyDryRun['approvals']['then']) =>
  items.length === 0
    ? 'none'
    : items.map((a) => `${a.approvals} from ${a.roles.join(' or ')}`).join('; ');

/**
 * What a draft would have done with the journal's sends of a period, beside what the versions then
 * in force did (issue 38): counts per outcome, the approvals asked per role, and each send whose
 * outcome changes, linked to its journal entry.
 */
export function DryRunResult({ result }: { result: PolicyDryRun }) {
  return (
    <section aria-labelledby="dry-run-result">
      <Title id="dry-run-result" order={3} size="h5">
        The draft over {result.entries} sends from <LocalTime value={result.from} /> to{' '}
        <LocalTime value={result.to} />
      </Title>
      <Table captionSide="top" withTableBorder maw={560} my="xs">
        <Table.Caption>Sends by outcome: as decided then, and under the draft</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Outcome</Table.Th>
            <Table.Th scope="col">Then (versions {result.versions.join(', ') || 'none'})</Table.Th>
            <Table.Th scope="col">Draft</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {OUTCOMES.map(({ key, label }) => (
            <Table.Tr key={key}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{result.then[key]}</Table.Td>
              <Table.Td>{result.draft[key]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">Approvals asked then: {approvalsWords(result.approvals.then)}.</Text>
      <Text size="sm">
        Approvals the draft would ask: {approvalsWords(result.approvals.draft)}.
      </Text>
      <Text size="xs" c="dimmed">
        Whether a destination was in the book is read as of{' '}
        <LocalTime value={result.book_read_at} />, and each maker’s role as it is now
        {result.unknown_initiators > 0
          ? `; ${result.unknown_initiators} sends were made by operators no longer known, decided as a viewer’s`
          : ''}
        .
      </Text>
      <Title order={4} size="h6" mt="sm">
        {result.changed.total === 0
          ? 'No send would change outcome'
          : `${result.changed.total} sends would change outcome${result.changed.total > result.changed.items.length ? ` (the first ${result.changed.items.length} listed)` : ''}`}
      </Title>
      {result.changed.items.length > 0 && (
        <ul aria-label="Sends whose outcome the draft changes">
          {result.changed.items.map((c) => (
            <li key={c.journal_id}>
              <Text size="sm">
                <Anchor component={Link} to={`/journal/${c.journal_id}`} underline="always">
                  {operationTitle(c.operation)}
                  {c.amount ? ` of ${c.amount} ${c.asset}` : ''}
                </Anchor>{' '}
                by {c.operator}: {c.then.rule_words} (version {c.then.version}) →{' '}
                {c.draft.rule_words}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
