import { z } from 'zod';
import { SessionInfoSchema, SignInSchema } from './console-api';
import {
  SecurityEventPageSchema,
  SecurityEventQuerySchema,
  SessionListSchema,
} from './security-api';
import { SignInOptionsSchema } from './sign-in-api';
import {
  PasskeyListSchema,
  PasskeySchema,
  RegisterPasskeySchema,
  RenamePasskeySchema,
} from './passkeys-api';
import { IdParamsSchema, routeSpecs } from './api-route-spec';

/*
 * The routes of getting in and staying in, and the probes a machine reads: health, sign-in and
 * single sign-on, sessions and their security events, metrics.
 */

/** `GET /api/health`. */
export const HealthSchema = z.object({ status: z.literal('ok') });
export type Health = z.infer<typeof HealthSchema>;

/** `GET /api/health/live`. */
export const LiveSchema = z.object({ status: z.literal('live') });

export const accessRoutes = routeSpecs({
  health: { responses: { 200: HealthSchema } },
  healthReady: { responses: { 200: HealthSchema } },
  healthLive: { responses: { 200: LiveSchema } },
  signIn: {
    body: SignInSchema,
    responses: { 200: SessionInfoSchema },
  },
  getSession: { responses: { 200: SessionInfoSchema } },
  getSignInOptions: { responses: { 200: SignInOptionsSchema } },
  extendSession: {
    responses: { 200: SessionInfoSchema },
  },
  signOut: { responses: { 204: null } },
  listSessions: {
    responses: { 200: SessionListSchema },
  },
  endSession: {
    params: IdParamsSchema,
    responses: { 204: null },
  },
  listSecurityEvents: {
    query: SecurityEventQuerySchema,
    responses: { 200: SecurityEventPageSchema },
  },
  listPasskeys: { responses: { 200: PasskeyListSchema } },
  listAllPasskeys: { responses: { 200: PasskeyListSchema } },
  passkeyRegistrationOptions: {
    // `PublicKeyCredentialCreationOptionsJSON`, for @simplewebauthn/browser's startRegistration.
    responses: { 200: z.looseObject({ challenge: z.string(), rp: z.looseObject({}) }) },
  },
  registerPasskey: { body: RegisterPasskeySchema, responses: { 201: PasskeySchema } },
  renamePasskey: {
    params: IdParamsSchema,
    body: RenamePasskeySchema,
    responses: { 200: PasskeySchema },
  },
  revokePasskey: { params: IdParamsSchema, responses: { 200: PasskeySchema } },
  confirmPasskey: { params: IdParamsSchema, responses: { 200: PasskeySchema } },
  // Single sign-on: navigations that answer redirects, and the provider's own call.
  startSso: { responses: { 302: null } },
  finishSso: { responses: { 302: null } },
  leaveSso: { responses: { 302: null } },
  backchannelLogout: { responses: { 200: null } },
  metrics: { media: 'text', responses: { 200: z.string() } },
});
