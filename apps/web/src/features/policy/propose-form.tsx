import { Alert, Anchor, Button, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import {
  policyChangeList,
  type AwaitingApprovalResult,
  type PolicyVersion,
} from '@console/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/states/states';
import { dryRunPolicy, POLICY_KEY, proposePolicy } from '@/lib/api';
import { isApiError } from '@/lib/api-error';
import { useWrite } from '@/lib/use-write';
import { DryRunResult } from '@/components/policy/dry-run-result';
import { PolicyChangeListView } from '@/components/policy/policy-change-list-view';
import { draftReducer, draftText, problemPlace, readDraft, type DraftAction } from './policy-draft';
import { RuleRows, type RuleProblem } from './rule-rows';

interface Problems {
  /** Problems the BFF named by a rule, shown under it. */
  rules: RuleProblem[];
  /** Problems of the draft as a whole, shown above the JSON. */
  draft: string[];
  reason?: string;
}
const NONE: Problems = { rules: [], draft: [] };
const SUMMARY_ID = 'policy-draft-problems';
/** After the render that shows them. */
const focusSummary = () => setTimeout(() => window.document.getElementById(SUMMARY_ID)?.focus());

/** The BFF's problems of a draft, each placed under the rule it names when it names one. */
function placeProblems(
  errors: { path: string; message: string }[],
  prefix: 'document' | 'draft',
): Pick<Problems, 'rules' | 'draft'> {
  const placed: Pick<Problems, 'rules' | 'draft'> = { rules: [], draft: [] };
  for (const e of errors.filter((x) => x.path === prefix || x.path.startsWith(`${prefix}.`))) {
    const at = problemPlace(e.path, prefix);
    if (at.index === null) placed.draft.push(`${at.member || 'The document'}: ${e.message}`);
    else
      placed.rules.push({
        index: at.index,
        message: `${at.member ? `${at.member}: ` : ''}${e.message}`,
      });
  }
  return placed;
}

/**
 * An admin's proposal of a new version (issue 38): a format-2 draft that starts as the version in
 * force, edited as rows or as JSON (one draft, its text), what it changes, its dry run, and why.
 */
export function ProposeForm({
  inForce,
  stalled = null,
}: {
  inForce: PolicyVersion;
  /** Why nobody could approve a proposal now (no other admin), said before any drafting. */
  stalled?: string | null;
}) {
  const queryClient = useQueryClient();
  const [draft, change] = useReducer(draftReducer, inForce.rules, (rules) =>
    readDraft(draftText(rules)),
  );
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>(NONE);
  const [held, setHeld] = useState<AwaitingApprovalResult | null>(null);
  const [jsonOpen, setJsonOpen] = useState(false);
  const jsonRef = useRef<HTMLTextAreaElement>(null);

  /** Where a problem of the BFF takes attention: its rule, else the summary of the draft's. */
  const focusProblems = (placed: Pick<Problems, 'rules' | 'draft'>) => {
    const first = placed.rules[0];
    const rule = first && draft.document?.rules[first.index];
    if (rule) {
      // After the render that shows it under its rule.
      setTimeout(() => window.document.getElementById(`policy-rule-${rule.id}-edit`)?.focus());
    } else if (placed.draft.length > 0) focusSummary();
  };

  const propose = useWrite({
    mutationFn: proposePolicy,
    onSuccess: (result) => {
      setHeld(result);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: POLICY_KEY });
    },
    onError: (error) => {
      if (!isApiError(error)) return;
      const found = error.problem.errors ?? [];
      const placed = placeProblems(found, 'document');
      const onReason = found.find((e) => e.path === 'reason');
      setProblems({ ...placed, ...(onReason && { reason: onReason.message }) });
      if (placed.rules.length + placed.draft.length > 0) focusProblems(placed);
      else if (onReason) window.document.getElementById('policy-reason')?.focus();
    },
  });

  const dryRun = useWrite({
    mutationFn: (document: Record<string, unknown>) => dryRunPolicy({ draft: document }),
    onError: (error) => {
      if (!isApiError(error)) return;
      const placed = placeProblems(error.problem.errors ?? [], 'draft');
      setProblems((p) => ({ ...p, ...placed }));
      focusProblems(placed);
    },
  });

  const dispatch = (action: DraftAction) => {
    change(action);
    // Problems the BFF found and a dry run's figures are of the draft they were given.
    setProblems((p) => ({ ...NONE, reason: p.reason }));
    dryRun.reset();
  };

  const changes = useMemo(
    () => (draft.document ? policyChangeList(inForce.rules, draft.document) : []),
    [draft.document, inForce.rules],
  );

  /** The draft as a document to send, or attention on the JSON that says why there is none. */
  const readyDocument = () => {
    if (draft.document) return draft.document as unknown as Record<string, unknown>;
    setJsonOpen(true);
    setTimeout(() => jsonRef.current?.focus());
    return null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setHeld(null);
    const document = readyDocument();
    if (!document) return;
    if (changes.length === 0) {
      setProblems({
        ...NONE,
        draft: [`This is version ${inForce.version} as it is: change something first`],
      });
      focusSummary();
      return;
    }
    if (!reason.trim()) {
      setProblems({ ...NONE, reason: 'Say why, for the approver and the record' });
      window.document.getElementById('policy-reason')?.focus();
      return;
    }
    setProblems(NONE);
    // A refusal is shown by `onError`, under the rules it names: nothing more to do with it here.
    propose
      .run({ document, based_on: inForce.version, reason: reason.trim() })
      .catch(() => undefined);
  };

  return (
    <Stack gap="sm">
      {stalled && (
        <Alert color="yellow" variant="light" title="Nobody could approve a proposal of yours now">
          {stalled} A proposal is refused until then; you may still draft and dry-run one. Another
          admin is added with <code>pnpm cli users:add --role admin</code>, or given the role by the
          company’s sign-in provider.
        </Alert>
      )}
      <Title order={3} size="h5" id="policy-draft-rules">
        The rules of version {inForce.version + 1}, as drafted
      </Title>
      <Text size="sm" c="dimmed">
        Tried in order, the first that matches a send decides it. The draft starts as a copy of the
        rules in force (version {inForce.version}); it comes into force once another admin approves
        it.
      </Text>
      {problems.draft.length > 0 && (
        <Alert
          id={SUMMARY_ID}
          tabIndex={-1}
          color="red"
          variant="light"
          title="The draft cannot be proposed as it is"
        >
          <ul style={{ margin: 0 }}>
            {problems.draft.map((message, i) => (
              <li key={i}>{message}</li>
            ))}
          </ul>
        </Alert>
      )}
      {draft.document ? (
        <RuleRows document={draft.document} dispatch={dispatch} problems={problems.rules} />
      ) : (
        <Alert color="red" variant="light" title="The JSON is not a policy of format 2">
          The rows come back once the JSON below reads as one: {draft.issues.length} problem
          {draft.issues.length === 1 ? '' : 's'}.
        </Alert>
      )}
      <details open={jsonOpen} onToggle={(e) => setJsonOpen(e.currentTarget.open)}>
        <summary>
          <Text size="sm" component="span">
            Edit as JSON: the same draft, with the limits, the book’s settings and the default wait
          </Text>
        </summary>
        {/* Rendered while open only: Chromium never ends a transition inside a closed
            disclosure, and a page waiting for its transitions (axe) would wait forever. */}
        {jsonOpen && (
          <Textarea
            id="policy-document"
            ref={jsonRef}
            mt="xs"
            label={`The policy, as version ${inForce.version + 1} would say it (format 2)`}
            description="Rows and JSON edit one draft: a change in either shows in the other."
            autosize
            minRows={10}
            maxRows={30}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            value={draft.text}
            onChange={(event) => dispatch({ type: 'text', text: event.currentTarget.value })}
            error={
              draft.issues.length > 0
                ? draft.issues
                    .map((i) => (i.path ? `${i.path}: ${i.message}` : i.message))
                    .join('; ')
                : undefined
            }
          />
        )}
      </details>
      <section aria-labelledby="policy-changes">
        <Title id="policy-changes" order={3} size="h5">
          Changes from version {inForce.version}, looser first
        </Title>
        {changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            None yet.
          </Text>
        ) : (
          <PolicyChangeListView
            changes={changes}
            label={`Changes from version ${inForce.version}`}
          />
        )}
      </section>
      <Group gap="xs">
        <Button
          variant="default"
          onClick={() => {
            const document = readyDocument();
            if (document) dryRun.run(document).catch(() => undefined);
          }}
          loading={dryRun.isPending}
          disabled={dryRun.isPending}
        >
          Dry run over the last 30 days
        </Button>
        <Text size="xs" c="dimmed">
          Decides the journal’s sends again under this draft and under the versions then in force;
          changes nothing.
        </Text>
      </Group>
      {dryRun.isError && <ErrorState error={dryRun.error} />}
      {dryRun.data && <DryRunResult result={dryRun.data} />}
      <form noValidate aria-label="Propose a new version" onSubmit={submit}>
        <Stack gap="sm">
          <Textarea
            id="policy-reason"
            label="Reason"
            description="Why the policy should change: for the approver and the record."
            required
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setProblems((p) => ({ ...p, reason: undefined }));
            }}
            error={problems.reason}
          />
          {propose.isError && <ErrorState error={propose.error} />}
          {held && (
            <Alert color="yellow" variant="light" title="Awaiting another admin’s approval">
              Nothing changed yet: version {inForce.version} decides every send until another admin
              approves this one.{' '}
              <Anchor component={Link} to={`/approvals/${held.journal.id}`}>
                Open the request
              </Anchor>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={propose.isPending} disabled={propose.isPending}>
              Propose for approval
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
