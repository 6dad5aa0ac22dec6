import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import {
  newRefId,
  operations,
  type BatchOperation,
  type ScheduleCreateRequest,
  type WriteOperation,
} from '@console/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { OperationView } from '@/components/form';
import { OperationContext } from '@/components/form/operation-context';
import { operationResolver } from '@/components/form/resolver';
import { ErrorState } from '@/components/states/states';
import { createSchedule, previewSchedule, SCHEDULES_KEY } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { toFormValues } from '@/lib/form-values';
import { formPathFor, requestShape } from '@/lib/schema-walk';
import { useWrite } from '@/lib/use-write';
import { NextOccurrences } from './next-occurrences';
import { ScheduleReview } from './schedule-review';
import { ScheduleTimingFields } from './schedule-timing-fields';
import { operatorZone } from './schedule-words';
import { requestOf, timingDefaults, timingResolver, type TimingValues } from './timing-form';

/** Focusable elements that show an error, in page order: the operator lands on the first. */
const INVALID = '[aria-invalid="true"], [data-invalid-focus]';

/**
 * The form of one operation's series: its body in the operation's own fields (the single send's
 * form, reused), then the timing with its next occurrences, then a review with the sums and the
 * approvals the policy asks, then the series is made and its page opened.
 */
export function ScheduleForm({
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
      <ScheduleReview
        operation={operation}
        reviewing={reviewing}
        preview={preview}
        timing={timing.getValues()}
        now={now}
        summary={summary}
        sending={create.isPending}
        onBack={() => setReviewing(null)}
        onConfirm={() => void create.run(reviewing!).catch(() => undefined)}
      />
    </OperationContext.Provider>
  );
}
