import { fileNameOf, operations, type OperationId } from '@console/schemas';
import type { Handler } from './types';

/** What an operation's handler file gives the dispatcher. */
export interface OperationHandler {
  handle: Handler<OperationId>;
  /**
   * What the operation does to a body before the schema sees it, where the service is lenient
   * (Update Fiat Account ignores `null` and empty-string members): the file's `prepareBody`.
   */
  prepareBody?: (json: unknown) => unknown;
}

/** Why an operation has no handler: the sandbox answers 501 with it. */
export interface MissingHandler {
  missing: string;
}

const found = new Map<OperationId, Promise<OperationHandler | MissingHandler>>();

async function load(id: OperationId): Promise<OperationHandler | MissingHandler> {
  const file = `handlers/${fileNameOf(id)}.ts`;
  let module: Record<string, unknown>;
  try {
    module = (await import(`./${fileNameOf(id)}.ts`)) as Record<string, unknown>;
  } catch (error) {
    return { missing: `${file} could not be loaded (${(error as Error).message})` };
  }
  const handle = module[id];
  if (typeof handle !== 'function') return { missing: `${file} exports no ${id}` };
  const prepareBody = module.prepareBody;
  return {
    handle: handle as Handler<OperationId>,
    ...(typeof prepareBody === 'function'
      ? { prepareBody: prepareBody as (json: unknown) => unknown }
      : {}),
  };
}

/**
 * The handler of an operation of the registry, found by its id: the export named after the id in
 * `handlers/<kebab-case id>.ts` (`createOrder` in `create-order.ts`), so that a new operation
 * needs its file and no line in a list. An operation without one is answered 501, saying why, and
 * the registry walk test (tools/architecture) names it. Each file is loaded once, when first used.
 */
export function handlerOf(id: OperationId): Promise<OperationHandler | MissingHandler> {
  let handler = found.get(id);
  if (!handler) {
    handler = load(id);
    found.set(id, handler);
  }
  return handler;
}

/** Loads every operation's handler ahead of its first request (a server about to listen). */
export async function loadHandlers(): Promise<void> {
  await Promise.all((Object.keys(operations) as OperationId[]).map(handlerOf));
}
