import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { isRecord, operations, type JournalEntry, type WriteOperationId } from '@console/schemas';
import { useEffect, useRef, type ReactNode } from 'react';
import { CopyValue } from './copy-value';
import { LocalTime } from './local-time';
import { RawJson } from './raw-json';
import { ResultFields } from './result-fields';
import { StatusBadge } from './status-badge';
import { valueKind } from './value-kinds';
import { FactRow } from './fact-row';
import { OutcomeBadge } from './record-status';
import { personLabel } from '@/lib/person';

export interface ResultCardProps {
  operation: WriteOperationId;
  data: unknown;
  journal?: JournalEntry | undefined;
  title?: string;
  actions?: ReactNode;
  /** Moves focus to the card's heading when shown: the answer to a send the operator just made. */
  focusOnShow?: boolean;
  /**
   * Who sent it, when not its maker: the approver whose approval sent it (issue 66), said as the
   * history says it ("Made by …, sent on the approval of …").
   */
  sentBy?: string | undefined;
}

/**
 * The service's answer as a card: its status up front, then every member with ids copyable, times
 * local, amounts with their assets, and the raw JSON on demand. The rule response wraps its
 * resource in `rule`; the card shows the resource.
 */
export function ResultCard({
  operation,
  data,
  journal,
  title,
  actions,
  focusOnShow = false,
  sentBy,
}: ResultCardProps) {
  const heading = useFocusOnShow(focusOnShow);
  const resource =
    isRecord(data) && isRecord(data.rule) && Object.keys(data).length === 1 ? data.rule : data;
  const status =
    isRecord(resource) && typeof resource.status === 'string' ? resource.status : undefined;
  const statusKind = isRecord(resource) ? valueKind(operation, 'status', resource, 0) : undefined;
  return (
    <Card withBorder padding="md" radius="md" aria-label={title ?? 'Result'} component="section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={3} size="h4" ref={heading} tabIndex={-1}>
              {title ?? `${operations[operation].title}: answer`}
            </Title>
            {journal && (
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  {sentBy
                    ? `Made by ${personLabel(journal.operator, journal.operator_name)}, sent on the approval of ${sentBy}`
                    : `Sent by ${personLabel(journal.operator, journal.operator_name)}`}
                </Text>
                {sentBy ? (
                  // Made and sent at two times, maybe days apart: each said, as the history has them.
                  <Text size="xs" c="dimmed" component="span">
                    made <LocalTime value={journal.created_at} size="xs" />, answered{' '}
                    <LocalTime value={journal.updated_at} size="xs" />
                  </Text>
                ) : (
                  <LocalTime value={journal.created_at} size="xs" />
                )}
              </Group>
            )}
          </Stack>
          {/* One status: the record's own; the journal's outcome is below, labelled. */}
          {status ? (
            <StatusBadge
              value={status}
              known={statusKind?.kind === 'status' ? statusKind.known : undefined}
            />
          ) : (
            journal && <OutcomeBadge entry={journal} />
          )}
        </Group>
        {isRecord(resource) ? (
          <ResultFields operation={operation} data={resource} />
        ) : (
          <Text size="sm">{String(resource)}</Text>
        )}
        {journal && (
          <>
            <Divider label="Journal" labelPosition="left" />
            <Stack gap={4}>
              <FactRow label="Outcome">
                <OutcomeBadge entry={journal} />
              </FactRow>
              <FactRow label="Journal entry">
                <CopyValue value={journal.id} label="journal entry id" />
              </FactRow>
              {journal.ref_id && (
                <FactRow label="Reference id">
                  <CopyValue value={journal.ref_id} label="reference id" />
                </FactRow>
              )}
              <FactRow label="Request id">
                <CopyValue value={journal.request_id} label="request id" />
              </FactRow>
            </Stack>
          </>
        )}
        <Group justify="space-between" align="flex-start">
          <RawJson value={data} />
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
      </Stack>
    </Card>
  );
}

/** A heading that takes focus when it appears, so a screen reader announces the answer. */
export function useFocusOnShow(enabled: boolean) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (enabled) ref.current?.focus();
  }, [enabled]);
  return ref;
}
