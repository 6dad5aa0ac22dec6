import { Alert, List, Stack, Text, Title, Card } from '@mantine/core';
import {
  isWriteOperationId,
  operations,
  type ApprovalDetail,
  type RecordSince,
} from '@console/schemas';
import { changeLines, updateLines } from '@/components/form/changes';
import { ChangesTable } from '@/components/form/changes-review';
import { LocalTime } from '@/components/result/local-time';
import { fiatAccountName } from '@/lib/fiat-account-words';
import { requestShape } from '@/lib/schema-walk';

/** What changed at the service since the request was made, or that nothing did, or why unknown. */
function Since({ since, shape }: { since: RecordSince; shape: Parameters<typeof changeLines>[0] }) {
  const at = <LocalTime value={since.read_at} size="sm" />;
  if (since.gone) {
    return (
      <Alert color="red" variant="light" title="The account no longer exists" role="alert">
        <Text size="sm">Read again at {at}: the service has no such account now.</Text>
      </Alert>
    );
  }
  if (since.error) {
    return (
      <Alert color="orange" variant="light" title="Not checked against the service" role="status">
        <Text size="sm">
          The account could not be read again ({since.error}), so whether it changed since the
          request was made is not known. Reload before approving.
        </Text>
      </Alert>
    );
  }
  if (since.changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Read again at {at}: the account is as it was when the request was made.
      </Text>
    );
  }
  const lines = changeLines(shape, since.changes);
  return (
    <Alert
      color="red"
      variant="light"
      title="Changed at the service since the request was made"
      role="alert"
    >
      <Stack gap="xs">
        <Text size="sm">
          Read again at {at}, the account differs from what the maker changed it from. Approving
          sends the update as it was requested; reject it if it no longer fits.
        </Text>
        <List size="sm" aria-label="Changed since the request">
          {lines.map((l) => (
            <List.Item key={l.path}>
              {l.label}: {l.before ?? '(none)'} → {l.after ?? '(removed)'}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

/**
 * For a request that changes a record the service holds (a fiat account): the record as it was
 * when the request was made, each change old → new, and whether it changed at the service since.
 */
export function ChangeReview({ detail }: { detail: ApprovalDetail }) {
  const { journal, before, since, fields } = detail;
  if (!before || !isWriteOperationId(journal.operation)) return null;
  const op = operations[journal.operation];
  const shape = requestShape(op);
  const deletes = op.method === 'DELETE';
  const lines = deletes ? [] : updateLines(shape, before.record, fields, op.pathParams);
  return (
    <Card withBorder padding="md" component="section" aria-label="What changes">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {deletes ? 'What is deleted' : `What changes (${lines.length})`}
        </Title>
        <Text size="sm" c="dimmed">
          {fiatAccountName(before.record)}, as the service held it when the request was made (read
          at <LocalTime value={before.read_at} size="sm" />
          ).
        </Text>
        {!deletes && <ChangesTable lines={lines} label="Old and new values" />}
        {since && <Since since={since} shape={shape} />}
      </Stack>
    </Card>
  );
}
