import type { z } from 'zod';
import type { OperationId, Operations, ReadOperationId, WriteOperationId } from '@console/schemas';
import type { SandboxClient } from '../config';
import type { SandboxState } from '../state/store';
import type { OffsetClock } from '../clock';
import type { Query } from './query';

/**
 * What a handler gets: the validated wire body (a write; `{}` for a DELETE) or query (a read),
 * the path parameters, the caller and the state.
 */
export interface HandlerInput<Id extends OperationId> {
  body: Id extends WriteOperationId ? z.infer<Operations[Id]['body']> : Record<string, never>;
  /** Repeated parameters are arrays, as the read's query schema says. */
  query: Id extends ReadOperationId ? z.infer<Operations[Id]['query']> : Record<string, never>;
  params: Record<string, string>;
  /** The caller; null for public market data, which is read without a token. */
  client: SandboxClient | null;
  state: SandboxState;
  now: number;
  clock: OffsetClock;
  /** Brings the state up to the clock (for handlers that wait, such as await_fill_millis). */
  advance: () => void;
}

/**
 * An operation's behaviour: answers the 200 body, or throws a `SandboxProblem`. The body or
 * query has already passed the shared schema at the sandbox clock's time.
 */
export type Handler<Id extends OperationId> = (input: HandlerInput<Id>) => unknown;

/** What a read (or a delete, which has no body) gets: path parameters, the query, the state. */
export interface ReadInput {
  params: Record<string, string>;
  query: Query;
  state: SandboxState;
  now: number;
}

/** A read's behaviour: answers the 200 body, or throws a `SandboxProblem`. */
export type ReadHandler = (input: ReadInput) => unknown;
