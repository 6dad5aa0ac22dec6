/**
 * Values the BFF reads from files: a secret variable given as `<NAME>_FILE` (a mounted secret)
 * and the private keys, refused when others could read them.
 */
import { readFileSync, statSync } from 'node:fs';

/** Variables that may instead be given as `<NAME>_FILE`, a file holding the value. */
const SECRET_VARIABLE =
  /^(SVC_CLIENT_SECRET|SVC_CLIENT_[A-Z0-9_]+_SECRET|DATABASE_URL|OIDC_CLIENT_SECRET|METRICS_TOKEN|SMTP_URL|NOTIFY_WEBHOOK_URL|NOTIFY_WEBHOOK_SECRET|SVC_WEBHOOK_API_KEY)$/;

/**
 * Resolves `X_FILE` into `X` for secret variables, so secrets can come from mounted files.
 * Setting both is refused: which one wins would be a guess.
 */
export function resolveFileVariables(
  vars: Record<string, string | undefined>,
  problems: string[],
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(vars)) {
    if (value !== undefined && value !== '') out[key] = value;
  }
  for (const [key, file] of Object.entries(out)) {
    if (
      !key.endsWith('_FILE') ||
      key === 'SVC_SIGNING_KEY_FILE' ||
      key === 'CONSOLE_USERS_FILE' ||
      key === 'CONSOLE_POLICY_FILE'
    )
      continue;
    const name = key.slice(0, -'_FILE'.length);
    if (!SECRET_VARIABLE.test(name)) continue;
    delete out[key];
    if (vars[name]) {
      problems.push(`${name} and ${key}: set only one of them`);
      continue;
    }
    try {
      out[name] = readFileSync(file!, 'utf8').trim();
    } catch (error) {
      problems.push(`${key}: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
    }
  }
  return out;
}

/** Reads a private key file, refusing one that other users could read. */
export function readPrivateKey(
  variable: string,
  file: string,
  problems: string[],
): string | undefined {
  try {
    const mode = statSync(file).mode;
    if ((mode & 0o077) !== 0) {
      problems.push(
        `${variable}: ${file} is readable by group or others (mode ${(mode & 0o777).toString(8)}); run chmod 600 on it`,
      );
      return undefined;
    }
    const pem = readFileSync(file, 'utf8');
    if (!pem.includes('-----BEGIN PRIVATE KEY-----')) {
      problems.push(`${variable}: ${file} is not a PKCS#8 PEM private key`);
      return undefined;
    }
    return pem;
  } catch (error) {
    problems.push(`${variable}: cannot read ${file} (${(error as NodeJS.ErrnoException).code})`);
    return undefined;
  }
}
