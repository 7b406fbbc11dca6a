// Minimal static server for the e2e tests: serves dist/ under a sub-path (default /some/sub/path/)
// so the tests prove the build works away from the host root. node:http only, no dependencies.
//   node e2e/serve-dist.mjs [--port 4310] [--base /some/sub/path/] [--root dist]
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4310' },
    host: { type: 'string', default: '127.0.0.1' },
    base: { type: 'string', default: '/some/sub/path/' },
    root: { type: 'string', default: 'dist' },
  },
});

const root = resolve(values.root);
const base = values.base.endsWith('/') ? values.base : `${values.base}/`;

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.jsonl': 'application/jsonl; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

const server = createServer(async (req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed');
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    return send(res, 400, 'bad request');
  }
  // The bare sub-path without its slash would break relative URLs; redirect like static hosts do.
  if (`${pathname}/` === base) {
    res.writeHead(301, { location: base });
    return res.end();
  }
  if (!pathname.startsWith(base)) return send(res, 404, `not found (this server only serves ${base})`);
  let relative = pathname.slice(base.length);
  if (relative === '' || relative.endsWith('/')) relative += 'index.html';
  const file = normalize(join(root, relative));
  // Refuse anything that escapes dist/ (../ in the path).
  if (file !== root && !file.startsWith(root + sep)) return send(res, 404, 'not found');
  let info;
  try {
    info = await stat(file);
  } catch {
    return send(res, 404, 'not found');
  }
  if (!info.isFile()) return send(res, 404, 'not found');
  res.writeHead(200, {
    'content-type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': 'no-store',
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
});

server.listen(Number(values.port), values.host, () => {
  console.log(`serving ${root} at http://${values.host}:${values.port}${base}`);
});
