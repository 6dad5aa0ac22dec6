/**
 * `pnpm cli <command>`: operator tasks.
 *
 *   users:add --file F --username U --role R [--display-name N] [--email A]   (password from stdin)
 *   users:remove --file F --username U
 *   users:set-role --file F --username U --role R
 *   users:reset-password --file F --username U                    (password from stdin)
 *   users:set-email --file F --username U --email A               (empty A removes it)
 *   users:link-sso --file F --username U --identity oidc:…        (one operator, two ways in)
 *   users:unlink-sso --file F --username U
 *   keys:generate --alg EdDSA|ES256 --out FILE
 *   sandbox:reset [--with-journal]                                 (cli/sandbox-reset.ts)
 *   audit:verify | audit:checkpoint | audit:export | audit:verify-export   (cli/audit-commands.ts)
 *   audit:prove | audit:prove-consistency | audit:verify-proof   (cli/audit-proof-commands.ts)
 *   audit:verify-approval ENTRY | --proof FILE [--body FILE]     (cli/verify-approval.ts)
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runAuditCommand } from './cli/audit-commands';
import { CliError, runUsersCommand } from './cli/users-commands';
import { KeysGenerateError, keysGenerate } from './cli/keys-generate';
import { invocationDir, readAuditCliEnv } from './env';
import { UsersFileError } from './operators/users-file';
import { sandboxReset } from './cli/sandbox-reset';
import type { SigningAlg } from './upstream/signing';

const USAGE = `Usage: pnpm cli <command> [options]

  users:add --file F --username U --role admin|finance|support|viewer [--display-name N] [--email A]
  users:remove --file F --username U
  users:set-role --file F --username U --role R
  users:reset-password --file F --username U
  users:set-email --file F --username U --email A   (where notifications go; empty removes it)
  users:link-sso --file F --username U --identity oidc:<issuer tag>:<subject>
  users:unlink-sso --file F --username U
  keys:generate --alg EdDSA|ES256 --out FILE
  sandbox:reset [--with-journal]   (the embedded sandbox afresh at the next start; the console stopped)
  audit:verify [--key PUBLIC.pem] [--checkpoints FILE] [--json]   (non-zero exit on any break)
  audit:checkpoint                                   (signs the chains' heads now)
  audit:export --kind journal|approvals|security --from DATE --to DATE --out FILE
  audit:verify-export FILE SIGNATURE --key PUBLIC.pem
  audit:prove SUBJECT [--out FILE]   (inclusion proofs of its records, against a signed tree head)
  audit:prove-consistency --from CHECKPOINT [--to CHECKPOINT] [--out FILE]
  audit:verify-proof FILE --public-key PUBLIC.pem   (offline; non-zero exit unless it holds)
  audit:verify-approval ENTRY   (each decision signed with a passkey, checked; non-zero exit on any mismatch)
  audit:verify-approval --proof FILE [--body FILE]   (a copied proof, offline, without the console)

Passwords are read from the terminal without echo, or as the first line of stdin.
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    process.stdout.write(USAGE);
    return command ? 0 : 1;
  }
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: [
      'audit:verify-export',
      'audit:prove',
      'audit:verify-proof',
      'audit:verify-approval',
    ].includes(command),
    options: {
      file: { type: 'string' },
      username: { type: 'string' },
      role: { type: 'string' },
      'display-name': { type: 'string' },
      identity: { type: 'string' },
      email: { type: 'string' },
      alg: { type: 'string' },
      out: { type: 'string' },
      key: { type: 'string' },
      'public-key': { type: 'string' },
      checkpoints: { type: 'string' },
      json: { type: 'boolean' },
      'with-journal': { type: 'boolean' },
      kind: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      proof: { type: 'string' },
      body: { type: 'string' },
    },
    strict: true,
  });
  const here = invocationDir();
  const path = (value: string | undefined) => (value ? resolve(here, value) : undefined);
  if (command.startsWith('users:')) {
    const args = { ...values, file: path(values.file) };
    process.stdout.write(`${await runUsersCommand(command, args)}\n`);
    return 0;
  }
  if (command === 'keys:generate') {
    if (!values.alg || !values.out) throw new CliError('--alg and --out are required');
    await keysGenerate({ alg: values.alg as SigningAlg, out: path(values.out)! });
    return 0;
  }
  if (command === 'sandbox:reset') {
    const { databaseUrl, dataDir } = readAuditCliEnv(here);
    const text = await sandboxReset({
      dataDir,
      databaseUrl,
      withJournal: values['with-journal'] === true,
    });
    process.stdout.write(`${text}\n`);
    return 0;
  }
  if (command.startsWith('audit:')) {
    const { key, checkpoints, out, 'public-key': publicKey, proof, body, ...rest } = values;
    const outcome = await runAuditCommand(command, {
      ...rest,
      key: path(key),
      'public-key': path(publicKey),
      checkpoints: path(checkpoints),
      out: path(out),
      proof: path(proof),
      body: path(body),
      // Files, save the ids of audit:prove's SUBJECT and audit:verify-approval's ENTRY.
      positionals: ['audit:prove', 'audit:verify-approval'].includes(command)
        ? positionals
        : positionals.map((p) => path(p)!),
    });
    process.stdout.write(outcome.text);
    return outcome.code;
  }
  throw new CliError(`Unknown command ${command}\n\n${USAGE}`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof CliError ||
      error instanceof KeysGenerateError ||
      error instanceof UsersFileError;
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${known ? '' : 'Error: '}${message}\n`);
    process.exit(1);
  },
);
