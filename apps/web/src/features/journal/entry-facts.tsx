import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import type { JournalEntry } from '@console/schemas';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyValue } from '@/components/result/copy-value';
import { LocalTime } from '@/components/result/local-time';
import { RecordStatus } from '@/components/result/record-status';
import { personLabel } from '@/lib/person';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box style={{ display: 'grid', gridTemplateColumns: '150px 1fr', gap: 8 }}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Box component="dd" m={0}>
        {children}
      </Box>
    </Box>
  );
}

/** The journal's own record of a send: who, when, what was sent where, and how often. */
export function EntryFacts({
  entry,
  operationTitle,
}: {
  entry: JournalEntry;
  operationTitle: string;
}) {
  return (
    <Stack component="dl" gap={4} m={0}>
      <Fact label="Outcome">
        <RecordStatus entry={entry} />
      </Fact>
      <Fact label="Operation">
        <Text size="sm">{operationTitle}</Text>
      </Fact>
      <Fact label="Operator">
        <Text size="sm">{personLabel(entry.operator, entry.operator_name)}</Text>
      </Fact>
      <Fact label="Reference id">
        {entry.ref_id ? (
          <CopyValue value={entry.ref_id} label="reference id" />
        ) : (
          <Text size="sm">—</Text>
        )}
      </Fact>
      <Fact label="Policy version">
        {entry.policy_version === null ? (
          <Text size="sm">—</Text>
        ) : (
          <Anchor component={Link} to={`/policy#version-${entry.policy_version}`} size="sm">
            Decided under version {entry.policy_version}
          </Anchor>
        )}
      </Fact>
      <Fact label="Journal entry">
        <CopyValue value={entry.id} label="journal entry id" />
      </Fact>
      <Fact label="Request id">
        <CopyValue value={entry.request_id} label="request id" />
      </Fact>
      <Fact label="Sent to">
        <Text size="sm" ff="monospace">
          {entry.method} {entry.request_path}
        </Text>
      </Fact>
      <Fact label="Body SHA-256">
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {entry.body_sha256}
        </Text>
      </Fact>
      <Fact label="Attempts">
        <Text size="sm">{entry.attempts}</Text>
      </Fact>
      <Fact label="HTTP status">
        <Text size="sm">{entry.response_status ?? 'no answer'}</Text>
      </Fact>
      {entry.error && (
        <Fact label="Error">
          <Text size="sm">{entry.error}</Text>
        </Fact>
      )}
      <Fact label="Created">
        <Group gap={4}>
          <LocalTime value={entry.created_at} />
        </Group>
      </Fact>
      <Fact label="Updated">
        <LocalTime value={entry.updated_at} />
      </Fact>
    </Stack>
  );
}
