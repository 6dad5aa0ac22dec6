import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Freshness } from '../states/freshness';
import { ErrorState, LoadingState } from '../states/states';
import { CopyValue } from './copy-value';
import { FactRow } from './fact-row';
import { LocalTime } from './local-time';

export interface RecordPageProps<T> {
  /** The read of the record (TanStack Query's result). */
  query: UseQueryResult<T>;
  /** The heading, before the record is read and after. */
  title: (record: T | undefined) => ReactNode;
  /** A line under the heading, once the record is read. */
  subtitle?: (record: T) => ReactNode;
  /** Actions beside the way back (Update, Delete), once the record is read. */
  actions?: (record: T) => ReactNode;
  back: { to: string; label: string };
  /** What is loading, for the screen reader: "Loading the account…". */
  loading: string;
  /** True while the record changes and the page follows it on its own. */
  live?: (record: T) => boolean;
  /** Shown instead of the record, such as the notice that it was deleted. */
  instead?: ReactNode;
  children: (record: T) => ReactNode;
}

/**
 * The page of one record the service holds: its heading and the way back, then the record read
 * now with when it was read, or what is loading, or why it could not be read with a retry.
 */
export function RecordPage<T>({
  query,
  title,
  subtitle,
  actions,
  back,
  loading,
  live,
  instead,
  children,
}: RecordPageProps<T>) {
  const record = query.data;
  let body: ReactNode;
  if (instead) body = instead;
  else if (query.isPending) body = <LoadingState label={loading} />;
  else if (record === undefined) {
    body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    body = (
      <>
        <Freshness query={query} {...(live ? { live: live(record) } : {})} />
        {children(record)}
      </>
    );
  }
  return (
    <Stack gap="sm" maw={1040}>
      <Group justify="space-between">
        <div>
          <Title order={1} size="h2">
            {title(record)}
          </Title>
          {record !== undefined && subtitle && (
            <Text size="sm" c="dimmed">
              {subtitle(record)}
            </Text>
          )}
        </div>
        <Group gap="xs">
          {record !== undefined && actions?.(record)}
          <Button component={Link} to={back.to} variant="default" size="xs">
            {back.label}
          </Button>
        </Group>
      </Group>
      {body}
    </Stack>
  );
}

/**
 * The rows every record of the service ends with: its id and reference id to copy, and when it
 * was created and last updated (a time the service did not give reads "—").
 */
export function RecordIdRows(props: {
  /** What the id is of, for the copy button: "account id". */
  noun: string;
  id: string;
  refId?: string | null | undefined;
  createdAt?: string | null | undefined;
  /** Not given: the record says nothing of updates, and the row is left out. */
  updatedAt?: string | null | undefined;
}) {
  const { noun, id, refId, createdAt, updatedAt } = props;
  return (
    <>
      <FactRow label="Id">
        <CopyValue value={id} label={noun} />
      </FactRow>
      {refId && (
        <FactRow label="Reference id">
          <CopyValue value={refId} label="reference id" />
        </FactRow>
      )}
      <FactRow label="Created">{createdAt ? <LocalTime value={createdAt} /> : '—'}</FactRow>
      {'updatedAt' in props && (
        <FactRow label="Updated">{updatedAt ? <LocalTime value={updatedAt} /> : '—'}</FactRow>
      )}
    </>
  );
}
