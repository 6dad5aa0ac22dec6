import { Alert, Button, Group, List, Modal, Select, Stack, Text, Title } from '@mantine/core';
import {
  BATCH_OPERATIONS,
  isRecord,
  newRefId,
  operations,
  type BatchOperation,
  type ScheduleCreateRequest,
  type WriteOperation,
} from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import { FormProvider, useForm, useWatch, type FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { RequestParties } from '@/components/approval/request-parties-view';
import { OperationContext } from '@/components/form/operation-context';
import type { Reviewer } from '@/components/form/review';
import { operationResolver } from '@/components/form/resolver';
import { SentValues } from '@/components/form/sent-values';
import { ErrorState, LoadingState } from '@/components/states/states';
import { createSchedule, previewSchedule, SCHEDULES_KEY } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { toFormValues } from '@/lib/form-values';
import { requestParties } from '@/lib/request-parties';
import { formPathFor, requestShape } from '@/lib/schema-walk';
import { useSession } from '@/lib/session';
import { useWrite } from '@/lib/use-write';
import { ScheduleTimingFields } from './schedule-timing-fields';
import { mayActOnSchedules, nextInWords, operatorZone } from './schedule-words';
import { timingOf, timingResolver, validTiming, type TimingValues } from './timing-form';
import { useSchedules } from './use-schedules';
import { VersionSums } from './version-facts';

/**
 * What an operation's page adds to the form shell (its fields, its review, its defaults): the app
 * loads it (`app/operation-views.ts`) and gives the loader to this page.
 */
export interface OperationView {
  Fields: ComponentType;
  review?: Reviewer;
  defaults?: Record<string, unknown>;
}

/** Focusable elements that show an error, in page order: the operator lands on the first. */
const INVALID = '[aria-invalid="true"], [data-invalid-focus]';

const today = (zone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());

const timingDefaults = (zone: string): TimingValues => ({
  frequency: 'weekly',
  date: today(zone),
  time: '09:00',
  time_zone: zone,
  start_date: today(zone),
  ends: 'never',
  end_date: '',
  count: '',
  weekdays: [],
  day_of_month: '',
  short_month: 'last_day',
  business_days_only: false,
  catch_up: 'send_once',
});

/** The request of a series: the body without a ref_id (each occurrence gets its own). */
function requestOf(
  operation: BatchOperation,
  body: Record<string, unknown>,
  timing: TimingValues,
): ScheduleCreateRequest {
  const { ref_id: _, ...rest } = body;
  return {
    operation,
    body: rest,
    timing: timingOf(timing) as ScheduleCreateRequest['timing'],
    catch_up: timing.catch_up,
  };
}

/** The next occurrences in words and dates, as the timing stands: before review, as asked. */
function NextOccurrences({ now }: { now: number }) {
  const values = useWatch<TimingValues>() as TimingValues;
  const timing = validTiming(values);
  if (!timing) {
    return (
      <Text size="sm" c="dimmed">
        Complete the timing to see its next occurrences.
      </Text>
    );
  }
  const shown = nextInWords(timing, now, operatorZone());
  return (
    <Stack gap={4} component="section" aria-labelledby="next-occurrences-title">
      <Title order={3} size="h5" id="next-occurrences-title">
        Next occurrences
      </Title>
      <Text size="sm">{shown.words}</Text>
      {shown.next.length === 0 ? (
        <Text size="sm" c="orange">
          None: every occurrence of this timing is in the past.
        </Text>
      ) : (
        <List size="sm" aria-label="Next occurrences" type="ordered">
          {shown.next.map((o) => (
            <List.Item key={o.at}>
              {o.there}
              {o.here && ` (your time: ${o.here})`}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * The form of one operation's series: its body in the operation's own fields (the single send's
 * form, reused), then the timing with its next occurrences, then a review with the sums and the
 * approvals the policy asks, then the series is made and its page opened.
 */
function ScheduleForm({
  operation,
  view,
  now,
}: {
  operation: BatchOperation;
  view: OperationView;
  now: number;
}) {
  const op = operations[operation] as WriteOperation;
  const shape = useMemo(() => requestShape(op), [op]);
  const body = useForm<FieldValues>({
    // A ref_id only to satisfy the form's schema: each occurrence is sent with its own.
    defaultValues: toFormValues(shape, { ...view.defaults, ref_id: newRefId() }),
    resolver: useMemo(() => operationResolver(op, shape), [op, shape]),
    mode: 'onTouched',
    shouldUnregister: true,
    shouldFocusError: false,
  });
  const zone = operatorZone();
  const timing = useForm<TimingValues>({
    defaultValues: timingDefaults(zone),
    resolver: timingResolver,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const [reviewing, setReviewing] = useState<ScheduleCreateRequest | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (focusRequest === 0) return;
    const frame = requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>(INVALID)?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [focusRequest]);

  const preview = useQuery({
    queryKey: ['schedule-preview', reviewing],
    queryFn: () => previewSchedule(reviewing!),
    enabled: reviewing !== null,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  const create = useWrite({
    mutationFn: (request: ScheduleCreateRequest) => createSchedule(request),
    onSuccess: (made) => {
      void queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY });
      void navigate(`/schedules/${made.id}`);
    },
    onError: (error) => {
      setReviewing(null);
      // The BFF's field errors go where the value was typed; the rest at the top.
      const errors = isApiError(error) ? (error.problem.errors ?? []) : [];
      let placed = 0;
      for (const e of errors) {
        const [root, ...rest] = e.path.split('.');
        const path = rest.join('.');
        if (root === 'body' && path) {
          body.setError(formPathFor(shape, path) || 'root', { type: 'server', message: e.message });
          placed += 1;
        } else if (root === 'timing' && rest[0]) {
          timing.setError(rest[0] as keyof TimingValues, { type: 'server', message: e.message });
          placed += 1;
        }
      }
      if (errors.length === 0 || placed < errors.length) setProblem(error);
      setFocusRequest((n) => n + 1);
    },
  });

  const review = async () => {
    setProblem(null);
    let given: Record<string, unknown> | undefined;
    await body.handleSubmit((values) => {
      given = values;
    })();
    const timingOk = await timing.trigger();
    if (!given || !timingOk) {
      setFocusRequest((n) => n + 1);
      return;
    }
    setReviewing(requestOf(operation, given, timing.getValues()));
  };

  const Fields = view.Fields;
  const rootError = body.formState.errors.root?.message;
  const summary = reviewing ? view.review?.(reviewing.body) : undefined;
  return (
    <OperationContext.Provider
      value={{ op, shape, baseline: null, editing: undefined, openOn: () => undefined }}
    >
      <form
        ref={formRef}
        noValidate
        aria-label={`Schedule: ${op.title}`}
        onSubmit={(event) => {
          event.preventDefault();
          void review();
        }}
      >
        <Stack gap="md">
          {problem !== null && (
            <div data-invalid-focus tabIndex={-1}>
              <ErrorState error={problem} />
            </div>
          )}
          <Stack gap="sm" component="section" aria-labelledby="what-title">
            <Title order={2} size="h4" id="what-title">
              What each occurrence sends
            </Title>
            <FormProvider {...body}>
              <Fields />
            </FormProvider>
            {rootError && (
              <Alert color="red" variant="light" role="alert" data-invalid-focus tabIndex={-1}>
                {rootError}
              </Alert>
            )}
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="when-title">
            <Title order={2} size="h4" id="when-title">
              When
            </Title>
            <FormProvider {...timing}>
              <ScheduleTimingFields />
              <NextOccurrences now={now} />
            </FormProvider>
          </Stack>
          <Group justify="flex-end">
            <Button type="submit">Review the schedule</Button>
          </Group>
        </Stack>
      </form>
      <Modal
        opened={reviewing !== null}
        onClose={() => setReviewing(null)}
        title={<Text fw={700}>Review: schedule {op.title.toLowerCase()}</Text>}
        size="xl"
        closeOnClickOutside={!create.isPending}
        closeOnEscape={!create.isPending}
        closeButtonProps={{ 'aria-label': 'Close the review' }}
      >
        {reviewing && (
          <Stack gap="md">
            {preview.isPending && (
              <Text size="sm" c="dimmed" role="status">
                Asking the policy what this schedule needs…
              </Text>
            )}
            {preview.isError && <ErrorState error={preview.error} />}
            {preview.data?.refusal && (
              <Alert color="red" variant="light" title="Refused" role="alert">
                {preview.data.refusal.detail} Scheduling is not offered: the console would refuse
                it.
              </Alert>
            )}
            {preview.data && !preview.data.refusal && (
              <VersionSums version={preview.data} label="What the approval is given to" />
            )}
            {validTiming(timing.getValues()) && (
              <Text size="sm">
                {nextInWords(validTiming(timing.getValues())!, now, zone).words}
              </Text>
            )}
            {isRecord(reviewing.body) && (
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  From → to
                </Text>
                <RequestParties parties={requestParties(operation, reviewing.body)} />
              </Group>
            )}
            {summary?.note && <Text size="sm">{summary.note}</Text>}
            <Text size="sm">
              Approved once, each occurrence is still decided at its time by the rules in force
              then, and sent with a reference id of its own.
            </Text>
            <SentValues shape={shape} input={reviewing.body} />
            <Group justify="flex-end">
              <Button
                variant="default"
                onClick={() => setReviewing(null)}
                disabled={create.isPending}
              >
                Back to the form
              </Button>
              <Button
                onClick={() => void create.run(reviewing).catch(() => undefined)}
                loading={create.isPending}
                disabled={!preview.data || preview.data.refusal !== null}
              >
                Schedule it
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </OperationContext.Provider>
  );
}

/**
 * A new schedule (issue 63): which operation, then its form. Only the writes that move money and
 * that the operator may send are offered.
 */
export function NewSchedulePage({
  loadView,
}: {
  loadView: (id: BatchOperation) => Promise<OperationView>;
}) {
  const session = useSession();
  const role = session.data?.operator.role;
  const allowed = session.data?.operations ?? [];
  const offered = BATCH_OPERATIONS.filter((id) => allowed.includes(id));
  const [operation, setOperation] = useState<BatchOperation>(offered[0] ?? BATCH_OPERATIONS[0]);
  const view = useQuery({
    queryKey: ['operation-view', operation],
    queryFn: () => loadView(operation),
    staleTime: Infinity,
  });
  // The scheduler's clock (the sandbox's in the demo), when the list has been read.
  const clock = useSchedules().data?.now;
  const now = clock ? Date.parse(clock) : Date.now();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  if (!mayActOnSchedules(role)) {
    return <Text>New schedules are for finance and admins.</Text>;
  }
  return (
    <Stack gap="md" maw={1100}>
      <Title order={1} size="h2" ref={heading} tabIndex={-1}>
        New schedule
      </Title>
      <Select
        label="Operation"
        description="The write each occurrence sends"
        data={offered.map((id) => ({ value: id, label: operations[id].title }))}
        value={operation}
        allowDeselect={false}
        onChange={(value) => value && setOperation(value as BatchOperation)}
        maw={400}
      />
      {view.isPending && <LoadingState label="Loading the form…" />}
      {view.isError && <ErrorState error={view.error} onRetry={() => void view.refetch()} />}
      {view.data && (
        <ScheduleForm key={operation} operation={operation} view={view.data} now={now} />
      )}
    </Stack>
  );
}
