import { Alert, List, Stack, Text } from '@mantine/core';
import type { JournalEntry } from '@console/schemas';
import { LocalTime } from '@/components/result/local-time';

/**
 * What is still open about an entry: an UNKNOWN outcome (when the console looks again by itself,
 * or, where it may never send the request again, what the operator does), and outcomes reported
 * after the entry's own that disagree with it.
 */
export function OpenOutcome({
  entry,
  mayResolve,
}: {
  entry: JournalEntry;
  /** The operator may press Resolve. */
  mayResolve: boolean;
}) {
  const conflicts = entry.conflicting_outcomes ?? [];
  const next = entry.resolution?.next_look_at;
  if (entry.state !== 'UNKNOWN' && conflicts.length === 0) return null;
  return (
    <Stack gap="xs">
      {entry.state === 'UNKNOWN' && entry.resolution?.may_resend === false && (
        <Alert color="orange" variant="light" title="Outcome unknown: an operator decides">
          <Stack gap={4}>
            <Text size="sm">
              The console cannot tell whether this change was applied, and never sends it again by
              itself:{' '}
              {entry.ref_id
                ? 'its reference id may since name another record at the service (an order’s, 24 hours after it closed), so a second send could carry it out twice.'
                : 'it carries no reference id, so a second send would apply it a second time.'}
              {next && (
                <>
                  {' '}
                  It reads the record again by itself from <LocalTime value={next} />.
                </>
              )}
            </Text>
            <Text size="sm">
              What to do: open the record at the service and compare it with the request body below.
              If it holds these values, the change was applied and nothing else is needed. If not,
              an operator allowed to make it sends it again deliberately, as a new request, with
              Clone as new.
              {mayResolve ? ' Resolve reads the record now.' : ''}
            </Text>
          </Stack>
        </Alert>
      )}
      {entry.state === 'UNKNOWN' && entry.resolution?.may_resend !== false && (
        <Alert color="orange" variant="light" title="Outcome unknown">
          The service did not answer this send. The console settles it by itself
          {next ? (
            <>
              {' '}
              from <LocalTime value={next} />
            </>
          ) : null}
          : it reads the record back, or sends the same request again with the same reference id,
          which the service never carries out twice.{' '}
          {mayResolve
            ? 'Resolve does it now.'
            : 'An operator allowed to send it can resolve it now.'}{' '}
          Clone as new is offered once it is settled: a clone carries a fresh reference id, so the
          service would carry out both.
        </Alert>
      )}
      {conflicts.length > 0 && (
        <Alert color="red" variant="light" title="Outcomes at odds">
          <Text size="sm">
            After this outcome was recorded, another console process reported a different one for
            the same send. Check the record at the service before acting on this entry.
          </Text>
          <List size="sm" mt={4}>
            {conflicts.map((c, i) => (
              <List.Item key={i}>
                <LocalTime value={c.at} />: {c.state}
                {c.response_status !== null ? ` (HTTP ${c.response_status})` : ''}
                {c.error ? `: ${c.error}` : ''}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </Stack>
  );
}
