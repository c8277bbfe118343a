// Serves bench/floor-page.js (bundled with esbuild) on a local port for the floor measurement.
import { createServer } from 'node:http';
import { build } from 'esbuild';
import { join } from 'node:path';

/** Starts the floor page's server; resolves to its URL and a stop function. */
export async function serveFloorPage(root, port) {
  const out = await build({ entryPoints: [join(root, 'bench/floor-page.js')], bundle: true, format: 'esm', write: false, minify: true, logLevel: 'error' });
  const script = out.outputFiles[0].text;
  const html = '<!doctype html><meta charset="utf-8"><body style="margin:0"><div id="answer"></div><div id="editor" style="height:900px"></div><script type="module" src="floor.js"></script>';
  const server = createServer((req, res) => {
    const isScript = req.url === '/floor.js';
    res.setHeader('content-type', isScript ? 'text/javascript' : 'text/html');
    res.end(isScript ? script : html);
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.close() };
}
