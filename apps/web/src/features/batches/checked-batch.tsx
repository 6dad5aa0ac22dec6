import { Alert, Anchor, Button, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BatchCheck, BatchCheckRequest } from '@console/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LocalTime } from '@/components/result/local-time';
import { BATCHES_KEY, createBatch } from '@/lib/api';
import { isApiError, networkProblem } from '@/lib/api-error';
import { personLabel } from '@/lib/person';
import { useWrite } from '@/lib/use-write';
import { BatchChanges } from './batch-changes';
import { TotalsTable } from './batch-totals';
import { BATCH_STATE_WORDS } from './batch-words';
import { CHECK_PAGE_SIZE, CheckedRows, type RowFilter, type ShownRow } from './checked-rows';
import { readRefusal, type SubmitRefusal } from './submit-refusal';

/** Where focus goes once the page shows what a refused submit said. */
const FIRST_PROBLEM = '[aria-label="Checked rows"] [aria-invalid="true"]';

/**
 * A checked file: what the BFF found, the rows to review (each problem in its cell, rows with
 * problems excluded on purpose), the totals, and "Submit for approval" once every row that is
 * not excluded is valid. The BFF checks the file again on submit, with the same code.
 */
export function CheckedBatch({
  upload,
  check,
  headingRef,
}: {
  upload: BatchCheckRequest;
  check: BatchCheck;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [excluded, setExcluded] = useState<ReadonlySet<number>>(new Set());
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<RowFilter>('all');
  const [page, setPage] = useState(0);
  const [refusal, setRefusal] = useState<SubmitRefusal | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const refusalRef = useRef<HTMLDivElement>(null);

  const rows: ShownRow[] = useMemo(
    () =>
      check.rows.map((row) => ({
        row,
        errors: [...row.errors, ...(refusal?.rows.get(row.row) ?? [])],
      })),
    [check.rows, refusal],
  );
  const invalid = rows.filter((r) => r.errors.length > 0);
  const left = invalid.filter((r) => !excluded.has(r.row.row)).length;
  const included = rows.length - excluded.size;
  const ready =
    rows.length > 0 &&
    !check.mapping_needed &&
    check.file_errors.length === 0 &&
    left === 0 &&
    included > 0;

  useEffect(() => {
    if (focusRequest === 0) return;
    // After the paint that shows the problems in their cells.
    const frame = requestAnimationFrame(() => {
      const cell = document.querySelector<HTMLElement>(FIRST_PROBLEM);
      (cell ?? refusalRef.current)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  const submit = useWrite({
    mutationFn: () => createBatch({ ...upload, exclude_rows: [...excluded].sort((a, b) => a - b) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: BATCHES_KEY }),
  });
  const send = async () => {
    setRefusal(null);
    try {
      const answer = await submit.run();
      if (answer) void navigate(`/batches/${answer.data.id}`);
    } catch (error) {
      const problem = isApiError(error) ? error.problem : networkProblem(String(error));
      const read = readRefusal(problem, check.already_uploaded?.batch_id ?? null);
      setRefusal(read);
      // The first row the BFF refused, wherever the search and the pages had the operator.
      const firstRow = Math.min(...read.rows.keys());
      if (Number.isFinite(firstRow)) {
        setQ('');
        setFilter('all');
        setPage(Math.floor(check.rows.findIndex((r) => r.row === firstRow) / CHECK_PAGE_SIZE));
      }
      setFocusRequest((n) => n + 1);
    }
  };

  const toggle = (row: number, on: boolean) =>
    setExcluded((current) => {
      const next = new Set(current);
      if (on) next.add(row);
      else next.delete(row);
      return next;
    });
  const blocked = check.mapping_needed
    ? 'Map the columns first.'
    : check.file_errors.length > 0
      ? 'The file as a whole has problems (above): fix it and check again.'
      : rows.length === 0
        ? 'The file has no rows to send.'
        : left > 0
          ? `${left} row${left === 1 ? '' : 's'} with problems: fix ${left === 1 ? 'it' : 'them'} in the file and check again, or exclude ${left === 1 ? 'it' : 'them'}.`
          : included === 0
            ? 'Every row is excluded: nothing would be sent.'
            : null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="batch-check-title">
      <Title order={2} size="h4" id="batch-check-title" ref={headingRef} tabIndex={-1}>
        Checked: {upload.file_name}
      </Title>
      {check.file_errors.length > 0 && (
        <Alert color="red" variant="light" role="alert" title="The file cannot be used as it is">
          <List size="sm">
            {check.file_errors.map((e, i) => (
              <List.Item key={i}>{e}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      {check.mapping_remembered && (
        <Text size="sm" role="status">
          The columns were mapped as you mapped them for a file with this header before.
        </Text>
      )}
      {check.already_uploaded && (
        <Alert color="orange" variant="light" role="note" title="These rows were uploaded before">
          <Text size="sm">
            The same rows{check.already_uploaded.same_order ? '' : ', in another order,'} are{' '}
            <Anchor
              component={Link}
              to={`/batches/${check.already_uploaded.batch_id}`}
              underline="always"
            >
              batch {check.already_uploaded.batch_id}
            </Anchor>{' '}
            ({check.already_uploaded.file_name}, uploaded by{' '}
            {personLabel(check.already_uploaded.created_by, check.already_uploaded.created_by_name)}
            , <LocalTime value={check.already_uploaded.created_at} />;{' '}
            {BATCH_STATE_WORDS[check.already_uploaded.state].label.toLowerCase()}). Submitting them
            again is refused: every row would be paid twice.
          </Text>
        </Alert>
      )}
      {check.changes && <BatchChanges changes={check.changes} />}
      {rows.length > 0 && (
        <>
          <Text size="sm" aria-label="Row counts">
            {rows.length} rows: {rows.length - invalid.length} valid, {invalid.length} with problems
            {excluded.size > 0 ? `, ${excluded.size} excluded` : ''}.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <TotalsTable label="Totals per asset" totals={check.totals} />
            <TotalsTable label="Totals per destination" totals={check.by_destination} destination />
          </SimpleGrid>
          <CheckedRows
            columns={check.columns}
            rows={rows}
            excluded={excluded}
            onExclude={toggle}
            q={q}
            onQ={(next) => {
              setQ(next);
              setPage(0);
            }}
            filter={filter}
            onFilter={(next) => {
              setFilter(next);
              setPage(0);
            }}
            page={page}
            onPage={setPage}
          />
        </>
      )}
      {refusal && <Refusal refusal={refusal} innerRef={refusalRef} />}
      <Group gap="sm" align="center">
        <Button
          onClick={() => void send()}
          disabled={!ready || submit.isPending}
          loading={submit.isPending}
          aria-describedby={blocked ? 'batch-submit-blocked' : undefined}
        >
          Submit for approval
        </Button>
        {blocked && (
          <Text size="sm" id="batch-submit-blocked">
            {blocked}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

function Refusal({
  refusal,
  innerRef,
}: {
  refusal: SubmitRefusal;
  innerRef: React.RefObject<HTMLDivElement | null>;
}) {
  const { problem, alreadyUploaded } = refusal;
  if (alreadyUploaded) {
    return (
      <Alert
        ref={innerRef}
        tabIndex={-1}
        color="orange"
        variant="light"
        role="alert"
        title="Already uploaded"
      >
        <Text size="sm">
          {problem.detail}{' '}
          <Anchor component={Link} to={`/batches/${alreadyUploaded}`} underline="always">
            Open batch {alreadyUploaded}
          </Anchor>
        </Text>
      </Alert>
    );
  }
  return (
    <Alert
      ref={innerRef}
      tabIndex={-1}
      color="red"
      variant="light"
      role="alert"
      title={problem.title}
    >
      <Stack gap={4}>
        <Text size="sm">
          {problem.detail}
          {refusal.rows.size > 0
            ? ` Rows with problems: ${[...refusal.rows.keys()].join(', ')}. Each problem is shown in its cell.`
            : ''}
        </Text>
        {refusal.other.length > 0 && (
          <List size="sm">
            {refusal.other.map((o, i) => (
              <List.Item key={i}>{o}</List.Item>
            ))}
          </List>
        )}
        {problem.request_id && (
          <Text size="xs" c="dimmed">
            Request id {problem.request_id}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
