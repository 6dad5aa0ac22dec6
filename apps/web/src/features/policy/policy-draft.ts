import {
  lintPolicy,
  PolicyDocumentV2Schema,
  type HoldAction,
  type PolicyDocumentV2,
  type PolicyRule,
} from '@console/schemas';

/*
 * The draft of a new policy version (issue 38), format 2. Its one source of truth is its JSON
 * text: the rows editor changes the document and writes it back as text, the JSON view edits the
 * text itself. The document is read from the text on every change, never kept beside it, so the
 * two views can never disagree.
 */

/** A problem of the draft as a whole, by its member: `rules.2.amount.above`. */
export interface DraftIssue {
  path: string;
  message: string;
}

export interface PolicyDraft {
  text: string;
  /** The text read as a format-2 document; null while it is not one. */
  document: PolicyDocumentV2 | null;
  /** Why the text is not a format-2 document: not JSON, or what the schema says of it. */
  issues: DraftIssue[];
}

export type DraftAction =
  /** The rule `id` moves to position `to` (from 0), the others keeping their order. */
  | { type: 'move'; id: string; to: number }
  /** A new rule, at position `at` (from 0): where it can decide ({@link whereItDecides}). */
  | { type: 'add'; rule: PolicyRule; at: number }
  | { type: 'remove'; id: string }
  /** The rule `id` becomes `rule`, in its place (its id may change). */
  | { type: 'replace'; id: string; rule: PolicyRule }
  | { type: 'default'; rule: HoldAction }
  | { type: 'text'; text: string };

export const draftText = (document: unknown) => JSON.stringify(document, null, 2);

/** Reads a draft's text as a format-2 document, or says why it is not one. */
export function readDraft(text: string): PolicyDraft {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      text,
      document: null,
      issues: [{ path: '', message: `Not JSON: ${(error as Error).message}` }],
    };
  }
  const parsed = PolicyDocumentV2Schema.safeParse(value);
  if (parsed.success) return { text, document: parsed.data, issues: [] };
  return {
    text,
    document: null,
    issues: parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    })),
  };
}

/** The rules of a document after one change of the rows editor; ids are kept as they are. */
export function changeRules(document: PolicyDocumentV2, action: DraftAction): PolicyDocumentV2 {
  const rules = document.rules;
  const at = (id: string) => rules.findIndex((rule) => rule.id === id);
  switch (action.type) {
    case 'move': {
      const from = at(action.id);
      const to = action.to;
      if (from === -1 || to === from || to < 0 || to >= rules.length) return document;
      const next = rules.filter((_, i) => i !== from);
      next.splice(to, 0, rules[from]!);
      return { ...document, rules: next };
    }
    case 'add': {
      const next = [...rules];
      next.splice(Math.max(0, Math.min(action.at, rules.length)), 0, action.rule);
      return { ...document, rules: next };
    }
    case 'remove':
      return { ...document, rules: rules.filter((rule) => rule.id !== action.id) };
    case 'replace': {
      const index = at(action.id);
      if (index === -1) return document;
      return { ...document, rules: rules.map((rule, i) => (i === index ? action.rule : rule)) };
    }
    case 'default':
      return { ...document, default_rule: action.rule };
    case 'text':
      return document;
  }
}

/**
 * The draft after an action. A change of rows applies only to a draft that reads as a document
 * (the editor offers none otherwise), and is written back as its text.
 */
export function draftReducer(draft: PolicyDraft, action: DraftAction): PolicyDraft {
  if (action.type === 'text') return readDraft(action.text);
  if (!draft.document) return draft;
  const next = changeRules(draft.document, action);
  return next === draft.document ? draft : readDraft(draftText(next));
}

/**
 * Where a new rule can decide: last, unless an earlier rule matches every send it would (a
 * catch-all, a wider band), in which case just before the first such rule, which it would never
 * get past (the lint's own "hidden" finding, so the two never disagree).
 */
export function whereItDecides(
  document: PolicyDocumentV2,
  rule: PolicyRule,
): { at: number; before: PolicyRule | null } {
  const last = document.rules.length;
  const hidden = lintPolicy({ ...document, rules: [...document.rules, rule] }).find(
    (p) => p.code === 'hidden' && p.index === last,
  );
  const at = hidden?.hidden_by?.index ?? last;
  return { at, before: document.rules[at] ?? null };
}

/** An id no rule of the document has yet, for a new rule: `rule-1`, `rule-2`... */
export function freshRuleId(document: PolicyDocumentV2, stem = 'rule'): string {
  const taken = new Set(document.rules.map((rule) => rule.id));
  let n = document.rules.length + 1;
  while (taken.has(`${stem}-${n}`)) n += 1;
  return `${stem}-${n}`;
}

/**
 * Where a problem of the BFF lands: the rule it names (`document.rules.3.action.approvers` →
 * rule 3, `action.approvers`), or the draft as a whole.
 */
export function problemPlace(
  path: string,
  prefix: 'document' | 'draft',
): { index: number; member: string } | { index: null; member: string } {
  const rest =
    path === prefix ? '' : path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : path;
  const match = /^rules\.(\d+)(?:\.(.*))?$/.exec(rest);
  if (match) return { index: Number(match[1]), member: match[2] ?? '' };
  return { index: null, member: rest };
}
