import { AwaitingApprovalResultSchema } from './approvals-api';
import {
  AllowedDestinationSchema,
  DestinationBookQuerySchema,
  DestinationBookSchema,
  DestinationRevokedSchema,
  DestinationRuleQuerySchema,
  DestinationRuleSchema,
  ProposeDestinationSchema,
  RevokeDestinationSchema,
} from './destinations-api';
import { LimitListSchema } from './limits-api';
import {
  PolicyDryRunRequestSchema,
  PolicyDryRunSchema,
  PolicyOverviewSchema,
  ProposePolicySchema,
} from './policy-api';
import { IdParamsSchema, routeSpecs } from './api-route-spec';

/*
 * The routes of what may be sent: the destination book, the approval policy and its dry run, the
 * limits.
 */

export const policyRoutes = routeSpecs({
  listDestinations: {
    query: DestinationBookQuerySchema,
    responses: { 200: DestinationBookSchema },
  },
  getDestinationRule: {
    query: DestinationRuleQuerySchema,
    responses: { 200: DestinationRuleSchema },
  },
  getDestination: {
    params: IdParamsSchema,
    responses: { 200: AllowedDestinationSchema },
  },
  proposeDestination: {
    body: ProposeDestinationSchema,
    responses: { 202: AwaitingApprovalResultSchema },
  },
  revokeDestination: {
    params: IdParamsSchema,
    body: RevokeDestinationSchema,
    responses: { 200: DestinationRevokedSchema },
  },
  getPolicy: { responses: { 200: PolicyOverviewSchema } },
  proposePolicy: {
    body: ProposePolicySchema,
    responses: { 202: AwaitingApprovalResultSchema },
  },
  dryRunPolicy: {
    body: PolicyDryRunRequestSchema,
    responses: { 200: PolicyDryRunSchema },
  },
  listLimits: {
    responses: { 200: LimitListSchema },
  },
});
