import { Button, Code, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import {
  defaultRuleWords,
  lintPolicy,
  ruleWords,
  type PolicyDocumentV2,
  type PolicyRule,
} from '@console/schemas';
import { useEffect, useMemo, useRef, useState } from 'react';
import { DefaultRuleForm } from './default-rule-form';
import { freshRuleId, whereItDecides, type DraftAction } from './policy-draft';
import { RuleForm } from './rule-form';
import { blankRule } from './rule-form-values';

/** A problem the BFF named by a rule's position in the draft. */
export interface RuleProblem {
  index: number;
  message: string;
}

type Editing = { mode: 'rule'; id: string } | { mode: 'new' } | { mode: 'default' } | null;

/** Element ids of a row's parts: focus moves between them by id, across renders. */
export const rowPart = (id: string, part: 'up' | 'down' | 'position' | 'edit' | 'remove') =>
  `policy-rule-${id}-${part}`;
const ADD_ID = 'policy-rule-add';
const DEFAULT_EDIT_ID = 'policy-rule-default-edit';

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The draft's rules as rows (issue 38): each in words with its id, in the order they are tried,
 * moved, edited, removed and added by keyboard, each with the problems the lint or the BFF finds
 * in it; then the rule when none matches. Changes go to the one draft through `dispatch`.
 */
export function RuleRows({
  document,
  dispatch,
  problems: found,
}: {
  document: PolicyDocumentV2;
  dispatch: (action: DraftAction) => void;
  problems: RuleProblem[];
}) {
  const [editing, setEditing] = useState<Editing>(null);
  /** Where the last added rule went, and why: said once, until the next change of order. */
  const [placed, setPlaced] = useState<string | null>(null);
  const lint = useMemo(() => lintPolicy(document), [document]);
  const focusNext = useRef<string | null>(null);
  // After a change, attention stays where the operator was: the moved rule, the next row...
  useEffect(() => {
    if (focusNext.current === null) return;
    window.document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const close = (focus: string) => {
    focusNext.current = focus;
    setEditing(null);
  };
  const rules = document.rules;
  const last = rules.length - 1;

  const move = (rule: PolicyRule, index: number, by: -1 | 1) => {
    const to = index + by;
    // At the top the "up" button is disabled: the other one keeps the focus.
    const edge = (by === -1 && to === 0) || (by === 1 && to === last);
    focusNext.current = rowPart(
      rule.id,
      edge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down',
    );
    setPlaced(null);
    dispatch({ type: 'move', id: rule.id, to });
  };
  const moveTo = (rule: PolicyRule, to: number) => {
    focusNext.current = rowPart(rule.id, 'position');
    setPlaced(null);
    dispatch({ type: 'move', id: rule.id, to });
  };
  const add = (rule: PolicyRule) => {
    const { at, before } = whereItDecides(document, rule);
    setPlaced(
      before
        ? `Rule ${rule.id} was added as rule ${at + 1}, before ${before.id}: that rule matches every send this one does, so after it this one would never decide.`
        : `Rule ${rule.id} was added as rule ${at + 1}, the last: no rule before it matches every send it does.`,
    );
    dispatch({ type: 'add', rule, at });
  };
  const remove = (rule: PolicyRule, index: number) => {
    const next = rules[index + 1] ?? rules[index - 1];
    focusNext.current = next ? rowPart(next.id, 'edit') : ADD_ID;
    if (editing?.mode === 'rule' && editing.id === rule.id) setEditing(null);
    setPlaced(null);
    dispatch({ type: 'remove', id: rule.id });
  };

  return (
    <Stack gap="xs">
      <Text size="sm" role="status">
        {lint.length === 0
          ? 'The lint finds no problem in these rules.'
          : `The lint finds ${lint.length} problem${lint.length === 1 ? '' : 's'}, each under the rule it names.`}
      </Text>
      <ol
        aria-label="Rules of the draft, the first that matches a send decides it"
        style={{ paddingLeft: 0, listStyle: 'none', margin: 0 }}
      >
        {rules.map((rule, index) => {
          const messages = [
            ...lint.filter((p) => p.index === index).map((p) => p.message),
            ...found.filter((p) => p.index === index).map((p) => p.message),
          ];
          const problemsId = `policy-rule-${rule.id}-problems`;
          return (
            <li
              key={rule.id}
              id={`policy-rule-${rule.id}`}
              aria-label={`Rule ${index + 1}, ${rule.id}`}
            >
              <Paper withBorder p="xs" mb="xs">
                {editing?.mode === 'rule' && editing.id === rule.id ? (
                  <RuleForm
                    rule={rule}
                    document={document}
                    replacing={rule.id}
                    onSave={(next) => {
                      dispatch({ type: 'replace', id: rule.id, rule: next });
                      close(rowPart(next.id, 'edit'));
                    }}
                    onCancel={() => close(rowPart(rule.id, 'edit'))}
                  />
                ) : (
                  // The controls go under the words on a phone, beside them where there is room.
                  <Group justify="space-between" align="flex-start" gap="sm">
                    <Stack gap={2} style={{ flex: '1 1 16rem' }}>
                      <Text size="sm">
                        {index + 1}. <Code>{rule.id}</Code>
                      </Text>
                      <Text size="sm">
                        {sentence(ruleWords(rule, document.market_order_margin_percent))}
                      </Text>
                      {messages.length > 0 && (
                        <ul
                          id={problemsId}
                          aria-label={`Problems of rule ${rule.id}`}
                          style={{ margin: 0 }}
                        >
                          {messages.map((message, i) => (
                            <li key={i}>
                              <Text size="sm" c="red">
                                {message}
                              </Text>
                            </li>
                          ))}
                        </ul>
                      )}
                    </Stack>
                    <Group gap={4} wrap="nowrap">
                      <NativeSelect
                        id={rowPart(rule.id, 'position')}
                        size="xs"
                        aria-label={`Position of rule ${rule.id}`}
                        value={String(index + 1)}
                        data={rules.map((_, i) => String(i + 1))}
                        onChange={(event) => moveTo(rule, Number(event.currentTarget.value) - 1)}
                      />
                      <Button
                        id={rowPart(rule.id, 'up')}
                        size="compact-xs"
                        variant="default"
                        aria-label={`Move rule ${rule.id} up`}
                        disabled={index === 0}
                        onClick={() => move(rule, index, -1)}
                      >
                        Up
                      </Button>
                      <Button
                        id={rowPart(rule.id, 'down')}
                        size="compact-xs"
                        variant="default"
                        aria-label={`Move rule ${rule.id} down`}
                        disabled={index === last}
                        onClick={() => move(rule, index, 1)}
                      >
                        Down
                      </Button>
                      <Button
                        id={rowPart(rule.id, 'edit')}
                        size="compact-xs"
                        variant="default"
                        aria-label={`Edit rule ${rule.id}`}
                        aria-describedby={messages.length > 0 ? problemsId : undefined}
                        onClick={() => setEditing({ mode: 'rule', id: rule.id })}
                      >
                        Edit
                      </Button>
                      <Button
                        id={rowPart(rule.id, 'remove')}
                        size="compact-xs"
                        variant="default"
                        color="red"
                        aria-label={`Remove rule ${rule.id}`}
                        onClick={() => remove(rule, index)}
                      >
                        Remove
                      </Button>
                    </Group>
                  </Group>
                )}
              </Paper>
            </li>
          );
        })}
      </ol>
      <Text size="sm" aria-live="polite">
        {placed}
      </Text>
      {editing?.mode === 'new' ? (
        <Paper withBorder p="xs">
          <RuleForm
            rule={blankRule(freshRuleId(document))}
            document={document}
            replacing={null}
            onSave={(rule) => {
              add(rule);
              close(rowPart(rule.id, 'edit'));
            }}
            onCancel={() => close(ADD_ID)}
          />
        </Paper>
      ) : (
        <Group>
          <Button
            id={ADD_ID}
            size="xs"
            variant="default"
            onClick={() => setEditing({ mode: 'new' })}
          >
            Add a rule
          </Button>
        </Group>
      )}
      <Paper withBorder p="xs" aria-label="When no rule matches" component="section">
        {editing?.mode === 'default' ? (
          <DefaultRuleForm
            rule={document.default_rule}
            onSave={(rule) => {
              dispatch({ type: 'default', rule });
              close(DEFAULT_EDIT_ID);
            }}
            onCancel={() => close(DEFAULT_EDIT_ID)}
          />
        ) : (
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              <Text size="sm">When no rule matches</Text>
              <Text size="sm">{sentence(defaultRuleWords(document.default_rule))}</Text>
            </Stack>
            <Button
              id={DEFAULT_EDIT_ID}
              size="compact-xs"
              variant="default"
              aria-label="Edit the rule when no rule matches"
              onClick={() => setEditing({ mode: 'default' })}
            >
              Edit
            </Button>
          </Group>
        )}
      </Paper>
    </Stack>
  );
}
