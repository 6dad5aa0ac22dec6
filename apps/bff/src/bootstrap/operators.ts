/**
 * Who may sign in with a password: the operators of a users file (`CONSOLE_USERS_FILE`, reloaded
 * when it changes), else the demo's (made on the first start). With single sign-on and no users
 * file, nobody: operators come from the provider.
 */
import type { Env } from '../env';
import type { Logger } from '../logger';
import { loadDemoOperators, type DemoOperators } from '../operators/demo-operators';
import {
  fileDirectory,
  staticDirectory,
  type OperatorDirectory,
} from '../operators/operator-directory';

export async function operatorsOf(
  env: Pick<Env, 'usersFile' | 'oidc' | 'dataDir'>,
  logger: Logger,
): Promise<{ demo: DemoOperators | undefined; directory: OperatorDirectory }> {
  // With single sign-on, operators come from the provider: no demo operators, and the password
  // form only for a users file's break-glass operators.
  const demo = env.usersFile || env.oidc ? undefined : await loadDemoOperators(env.dataDir);
  const directory = env.usersFile
    ? fileDirectory(env.usersFile, (error) =>
        logger.warn({ err: error }, 'users file not reloaded'),
      )
    : staticDirectory(demo?.users ?? []);
  return { demo, directory };
}
