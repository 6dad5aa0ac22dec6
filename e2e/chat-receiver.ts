/**
 * A chat webhook receiver for the run (issue 36): the BFF posts its notifications here as it
 * would to a team's chat. It keeps every post, answers `GET /posts` with them, and can be told
 * to refuse (`POST /mode` `{"mode":"fail"}`) so that a spec sees retries end in a dead letter.
 */
import { createServer } from 'node:http';

export interface ChatPost {
  text: string;
  message_id: string;
  kind: string;
}

export async function startChatReceiver(port: number) {
  const posts: ChatPost[] = [];
  let mode: 'accept' | 'fail' = 'accept';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'GET' && req.url === '/posts') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(posts));
      } else if (req.method === 'POST' && req.url === '/mode') {
        mode = (JSON.parse(body) as { mode: typeof mode }).mode;
        res.writeHead(204).end();
      } else if (req.method === 'POST' && req.url === '/hook') {
        if (mode === 'fail') {
          res.writeHead(503).end();
          return;
        }
        posts.push(JSON.parse(body) as ChatPost);
        res.writeHead(200).end('ok');
      } else {
        res.writeHead(404).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
