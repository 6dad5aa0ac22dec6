import { Alert, Button, Group, Stack } from '@mantine/core';
import {
  changedOnly,
  newRefId,
  operations,
  type FieldChange,
  type WriteOperation,
  type WriteOperationId,
} from '@console/schemas';
import { useCallback, useEffect, useMemo, useState, type ComponentType } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import { cachedRecordNames } from '@/lib/cached-names';
import { toFormValues, toRequestInput } from '@/lib/form-values';
import { refusalFields } from '@/lib/refusal-fields';
import { formPathFor, requestShape } from '@/lib/schema-walk';
import { marketRefusal } from '@/lib/use-market-data';
import { limitRefusal } from '@/lib/use-transfer-limits';
import { AwaitingApprovalCard } from '../approval/awaiting-approval-card';
import { ChangesReview } from './changes-review';
import { LiveResultCard } from '../result/live-result-card';
import { LimitsLeft } from './limits-left';
import { OperationContext } from './operation-context';
import { ProblemAlert } from './problem-alert';
import { operationResolver } from './resolver';
import type { Reviewer } from './review';
import { ReviewModal } from './review-modal';
import { SendProgress } from './send-progress';
import { UnsavedChangesGuard } from './unsaved-changes';
import { useSend } from './use-send';

export interface OperationFormProps {
  operationId: WriteOperationId;
  /** The feature's fields component: which fields, in which groups, with which conditions. */
  Fields: ComponentType;
  /** For money-moving operations: what the review step says leaves and arrives. */
  review?: Reviewer;
  /** Values to start from: sensible defaults, or a journal entry being cloned. */
  initialInput?: Record<string, unknown>;
}

const NO_SUMMARY = { leaves: [], arrives: [], fee: 'Not known before sending' };

/** Focusable elements that show an error, in page order: the operator lands on the first. */
const INVALID = '[aria-invalid="true"], [data-invalid-focus]';

/**
 * The one form shell of the console. Validation is the shared request schema (on blur, then as
 * the operator types); the BFF's field errors land on the same fields; money-moving sends pass a
 * review step; a send is never made twice; a failed send is retried through its journal entry.
 */
export function OperationForm(props: OperationFormProps) {
  const [seed, setSeed] = useState<Seed>({ key: 0, input: props.initialInput, edit: null });
  const restart = useCallback(
    (input?: Record<string, unknown>, edit: Edit | null = null) =>
      setSeed((s) => ({ key: s.key + 1, input, edit })),
    [],
  );
  return (
    <FormInstance
      key={seed.key}
      {...props}
      initialInput={seed.input}
      edit={seed.edit}
      onRestart={restart}
    />
  );
}

/** An edit of a record: its current values in request form, and which record it is. */
interface Edit {
  baseline: Record<string, unknown>;
  of: string;
}

interface Seed {
  key: number;
  input: Record<string, unknown> | undefined;
  edit: Edit | null;
}

function FormInstance({
  operationId,
  Fields,
  review,
  initialInput,
  edit,
  onRestart,
}: OperationFormProps & {
  edit: Edit | null;
  onRestart: (input?: Record<string, unknown>, edit?: Edit | null) => void;
}) {
  const op: WriteOperation = operations[operationId];
  const shape = useMemo(() => requestShape(op), [op]);
  const defaultValues = useMemo(() => {
    const start = { ...initialInput };
    // A fresh reference id for every new intent; a clone is a new intent too.
    if (op.takesRefId) start.ref_id = newRefId();
    return toFormValues(shape, start);
  }, [op, shape, initialInput]);
  // An edit's current values: the resolver reduces the input to what differs from them, the
  // review shows old → new. A form opened on a record is a new form instance (`openOn`), so its
  // values start as the record's and nothing is dirty until the operator types.
  const baseline = edit?.baseline ?? null;
  const [unclearable, setUnclearable] = useState<FieldChange[]>([]);
  const resolver = useMemo(
    () => operationResolver(op, shape, () => baseline),
    [op, shape, baseline],
  );
  const openOn = useCallback(
    (values: Record<string, unknown>, current: Record<string, unknown>, of: string) =>
      onRestart(values, { baseline: current, of }),
    [onRestart],
  );
  const methods = useForm<FieldValues>({
    defaultValues,
    resolver,
    mode: 'onTouched',
    shouldUnregister: true,
    shouldFocusError: false,
  });
  const { send, retry, sending, outcome } = useSend(operationId, op.title);
  const queryClient = useQueryClient();
  const [reviewing, setReviewing] = useState<Record<string, unknown> | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formElement = useMemo(() => ({ current: null as HTMLFormElement | null }), []);

  useEffect(() => {
    if (focusRequest === 0) return;
    // After the paint that shows the errors: the error state may reach the DOM a frame later.
    const frame = requestAnimationFrame(() =>
      formElement.current?.querySelector<HTMLElement>(INVALID)?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [focusRequest, formElement]);

  // The BFF's field errors go where the operator typed the value, and so do the service's
  // refusals of the join rules, in words; focus goes to the first of them, or to the problem
  // when no field is to blame.
  useEffect(() => {
    if (outcome?.kind !== 'problem') return;
    const refusals = refusalFields(
      op,
      outcome.problem,
      outcome.input,
      cachedRecordNames(queryClient),
    );
    for (const error of [...(outcome.problem.errors ?? []), ...refusals]) {
      const path = formPathFor(shape, error.path) || 'root';
      methods.setError(path, { type: 'server', message: error.message });
    }
    setFocusRequest((n) => n + 1);
  }, [outcome, methods, shape, op, queryClient]);

  const onValid = async (values: FieldValues) => {
    if (sending) return;
    // Past a transfer limit, the review is refused: the amount says which limit, what is left.
    // So is an order the market's side refuses (IOC or FOK where it is unavailable).
    const refusal =
      (op.movesMoney ? await limitRefusal(queryClient, op, values) : undefined) ??
      (await marketRefusal(queryClient, op, values));
    if (refusal) {
      methods.setError(refusal.path, { type: 'refusal', message: refusal.message });
      setFocusRequest((n) => n + 1);
      return;
    }
    if (baseline) {
      // An edit is always reviewed, old → new; the resolver has reduced it to what changed.
      const given = (toRequestInput(methods.getValues()) ?? {}) as Record<string, unknown>;
      setUnclearable(changedOnly(baseline, given).unclearable);
      setReviewing(values);
    } else if (op.movesMoney) setReviewing(values);
    else await send(values);
  };
  const onInvalid = () => setFocusRequest((n) => n + 1);
  const confirm = async () => {
    const input = reviewing;
    setReviewing(null);
    if (input) await send(input);
  };

  if (outcome?.kind === 'success' || outcome?.kind === 'awaiting') {
    const { input } = outcome;
    // A clone is a new intent: a fresh ref_id and, when the policy says so, its own approvals.
    const actions = (
      <>
        <Button variant="default" size="xs" onClick={() => onRestart(input ?? undefined)}>
          Clone as new
        </Button>
        <Button size="xs" onClick={() => onRestart()}>
          New: {op.title.toLowerCase()}
        </Button>
      </>
    );
    if (outcome.kind === 'awaiting') {
      return <AwaitingApprovalCard result={outcome.result} actions={actions} focusOnShow />;
    }
    return (
      <LiveResultCard
        operation={operationId}
        data={outcome.result.data}
        journal={outcome.result.journal}
        actions={actions}
        focusOnShow
      />
    );
  }

  const rootError = methods.formState.errors.root?.message;
  // Something typed and not sent: leaving asks first. A sent form (its result shown) never asks.
  const unsaved = methods.formState.isDirty && sending === null;
  const refId = methods.getValues('ref_id') as string | undefined;
  return (
    <OperationContext.Provider value={{ op, shape, baseline, editing: edit?.of, openOn }}>
      <FormProvider {...methods}>
        <form
          ref={(element) => {
            formElement.current = element;
          }}
          noValidate
          aria-label={op.title}
          onSubmit={methods.handleSubmit(onValid, onInvalid)}
        >
          <Stack gap="sm">
            <Fields />
            {!baseline && <LimitsLeft op={op} />}
            {rootError && (
              <Alert color="red" variant="light" role="alert" data-invalid-focus tabIndex={-1}>
                {rootError}
              </Alert>
            )}
            {outcome?.kind === 'problem' && (
              <ProblemAlert
                problem={outcome.problem}
                operation={operationId}
                refId={refId}
                onRetry={(journalId) => void retry(journalId, outcome.input)}
                retrying={sending !== null}
              />
            )}
            {sending && <SendProgress waitMillis={sending.waitMillis} />}
            <Group justify="flex-end">
              <Button type="submit" loading={sending !== null} disabled={sending !== null}>
                {op.movesMoney || baseline ? 'Review and send' : op.title}
              </Button>
            </Group>
          </Stack>
        </form>
        <UnsavedChangesGuard when={unsaved} />
        {baseline && (
          <ChangesReview
            op={op}
            shape={shape}
            baseline={baseline}
            input={reviewing}
            unclearable={unclearable}
            pending={sending !== null}
            onConfirm={() => void confirm()}
            onCancel={() => setReviewing(null)}
          />
        )}
        {op.movesMoney && !baseline && (
          <ReviewModal
            op={op}
            shape={shape}
            input={reviewing}
            summary={reviewing ? (review?.(reviewing) ?? NO_SUMMARY) : null}
            pending={sending !== null}
            onConfirm={() => void confirm()}
            onCancel={() => setReviewing(null)}
          />
        )}
      </FormProvider>
    </OperationContext.Provider>
  );
}
