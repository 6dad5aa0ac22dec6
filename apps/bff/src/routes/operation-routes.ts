import {
  WRITE_OPERATION_IDS,
  mayUse,
  type OperationInfo,
  type SendPreview,
  type WriteOperationId,
} from '@console/schemas';
import type { AppEnv } from '../context';
import { sendResponse } from '../send/send-response';
import { sendableOperation } from '../send/operation-table';
import { submitOperation, validatedRequest, type SubmitDeps } from '../send/submit';
import { jsonBody } from './request-body';
import type { RouteDef } from './route-table';
import type { Context } from 'hono';

/** The registry as the browser reads it. */
function describe(id: WriteOperationId): OperationInfo {
  const op = sendableOperation(id)!;
  return {
    id: op.id,
    title: op.title,
    description: op.description,
    method: op.method,
    path: op.path,
    path_params: [...op.pathParams],
    scope: op.scope,
    moves_money: op.movesMoney,
    takes_ref_id: op.takesRefId,
  };
}

/**
 * `GET /api/operations` and one `POST /api/operations/{id}` per write of the registry, each
 * guarded by its own permission: a new write gets its route and its check without code here.
 */
export function operationRoutes(deps: SubmitDeps): RouteDef[] {
  const sendRoutes = WRITE_OPERATION_IDS.map((id): RouteDef => {
    const operation = sendableOperation(id)!;
    return {
      method: 'POST',
      path: `/api/operations/${id}`,
      permission: { kind: 'operation', operation: id },
      handler: async (c: Context<AppEnv>) => {
        const fields = c.get('logFields');
        fields.operation = id;
        const input = await jsonBody(c);
        const result = await submitOperation(
          {
            ...deps,
            onJournaled: (entry) => {
              fields.journal_id = entry.id;
              fields.ref_id = entry.ref_id;
            },
          },
          operation,
          input,
          { operator: c.get('operator')!, requestId: c.get('requestId') },
        );
        fields.state = result.entry.state;
        return sendResponse(c, result);
      },
    };
  });
  // What sending would do, for the review step: validated as the send is, never journaled.
  const previewRoutes = WRITE_OPERATION_IDS.map((id): RouteDef => {
    const operation = sendableOperation(id)!;
    return {
      method: 'POST',
      path: `/api/operations/${id}/preview`,
      permission: { kind: 'operation', operation: id },
      sends: false,
      handler: async (c: Context<AppEnv>) => {
        const { body } = validatedRequest(operation, await jsonBody(c), deps.now);
        const preview: SendPreview = deps.preview
          ? await deps.preview(id, body, c.get('operator')!)
          : { approval: null, refusal: null, destination: null, limits: [], policy_version: null };
        return c.json(preview);
      },
    };
  });
  return [
    {
      method: 'GET',
      path: '/api/operations',
      permission: { kind: 'read' },
      handler: (c) => {
        const role = c.get('operator')!.role;
        return c.json({
          items: WRITE_OPERATION_IDS.filter((id) => mayUse(role, id)).map(describe),
        });
      },
    },
    ...sendRoutes,
    ...previewRoutes,
  ];
}
