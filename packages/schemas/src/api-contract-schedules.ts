import { IdParamsSchema, routeSpecs } from './api-route-spec';
import {
  ScheduleApproveSchema,
  ScheduleCreateRequestSchema,
  ScheduleListSchema,
  ScheduleReasonSchema,
  ScheduleSchema,
  ScheduleSkipSchema,
} from './schedule-api';

/*
 * The routes of schedules (issue 63): make a series, read it, approve or reject a version, and
 * pause, resume, skip one occurrence of or cancel it, each a recorded action.
 */

export const schedulesRoutes = routeSpecs({
  createSchedule: { body: ScheduleCreateRequestSchema, responses: { 201: ScheduleSchema } },
  listSchedules: { responses: { 200: ScheduleListSchema } },
  getSchedule: { params: IdParamsSchema, responses: { 200: ScheduleSchema } },
  approveSchedule: {
    params: IdParamsSchema,
    body: ScheduleApproveSchema,
    responses: { 200: ScheduleSchema },
  },
  rejectSchedule: {
    params: IdParamsSchema,
    body: ScheduleReasonSchema,
    responses: { 200: ScheduleSchema },
  },
  pauseSchedule: { params: IdParamsSchema, responses: { 200: ScheduleSchema } },
  resumeSchedule: { params: IdParamsSchema, responses: { 200: ScheduleSchema } },
  skipScheduleOccurrence: {
    params: IdParamsSchema,
    body: ScheduleSkipSchema,
    responses: { 200: ScheduleSchema },
  },
  cancelSchedule: {
    params: IdParamsSchema,
    body: ScheduleReasonSchema,
    responses: { 200: ScheduleSchema },
  },
});
