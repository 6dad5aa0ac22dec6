import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/** Reads one line from a terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stderr.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

/** Reads all of stdin (a pipe) and takes its first line. */
async function readPiped(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

/**
 * The new password: typed twice without echo on a terminal, or the first line of stdin when
 * piped (`printf '%s\n' "$PW" | pnpm cli users:add …`). Never taken from an argument, which
 * would land in the shell history and the process list.
 */
export async function readNewPassword(): Promise<string> {
  let password: string;
  if (process.stdin.isTTY) {
    password = await askHidden('Password: ');
    const again = await askHidden('Password again: ');
    if (again !== password) throw new Error('The passwords do not match.');
  } else {
    password = await readPiped();
  }
  return password;
}
