export { createSandbox, type Sandbox } from './app';
export { startSandbox } from './server';
export {
  ALL_SCOPES,
  DEMO_CLIENT_ID,
  SandboxConfigError,
  demoConfig,
  parseSandboxConfig,
  type SandboxClient,
  type SandboxConfig,
  type SandboxSeed,
  type SigningKeyConfig,
} from './config';
export {
  createManualClock,
  offsetClock,
  systemClock,
  type Clock,
  type ManualClock,
  type OffsetClock,
} from './clock';
export type { RequestLogEntry } from './runtime';
export type { TokenLogEntry } from './auth/token-endpoint';
