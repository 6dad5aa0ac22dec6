import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { isRecord, isWriteOperationId } from '@console/schemas';
import { liveRecordOf } from '@/lib/read-schemas';
import { Freshness } from '../states/freshness';
import { ResultCard, type ResultCardProps } from './result-card';
import { useLiveRecord } from './use-live-record';

/**
 * The answer to a send that created a record the service can be asked about again: the card
 * follows the record (an order filling, a transfer settling) until its status is final, instead
 * of freezing what the service said at send time. Other answers show as they came.
 */
export function LiveResultCard(props: ResultCardProps) {
  const live = isWriteOperationId(props.operation) ? liveRecordOf(props.operation) : undefined;
  const answered = isRecord(props.data) ? props.data : undefined;
  const path = live && answered ? live.path(answered) : undefined;
  const query = useLiveRecord(live, path);
  if (!live || !answered || !path) return <ResultCard {...props} />;
  const page = live.page?.(answered);
  const status = (query.data ?? answered).status;
  const final = typeof status === 'string' && live.status.terminal.includes(status);
  return (
    <Stack gap={4}>
      <ResultCard
        {...props}
        data={query.data ?? props.data}
        actions={
          <>
            {page && (
              <Button component={Link} to={page} size="xs" variant="default">
                Open the record
              </Button>
            )}
            {props.actions}
          </>
        }
      />
      <Freshness query={query} live={!final} />
    </Stack>
  );
}
