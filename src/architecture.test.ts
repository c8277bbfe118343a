/**
 * The folder rules, read from every import of every .ts/.tsx file under src/ and app/: the engine
 * imports nothing outside itself; inside it google/ imports no findings/, readers/ or policy/, and
 * crawlers/ no google/; nothing in src/ imports React; the CLI imports no store; and a folder is
 * imported through its index.ts: between the engine's rooms, between src/'s folders, from app/
 * into src/, and into a folder of app/ that has an index.ts from outside it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The npm packages the engine may import: pure libraries (no DOM, no I/O, no worker APIs), each
 * named here on purpose: saxes (the inventory's streaming XML) and fflate (its gzip); ipaddr.js
 * (the logs' IP ranges as CIDR) and isbot (the bot list that tells unnamed bots); htmlparser2 (the
 * crawl's HTML parser: the links, base and robots meta tags of a page, as browsers tokenise them).
 */
const ENGINE_PACKAGES: readonly string[] = ['saxes', 'fflate', 'ipaddr.js', 'isbot', 'htmlparser2'];

/**
 * What the engine's tests and test support (never its shipped code) may import besides the engine
 * and node: modules: robots-parser is the npm package its reader is compared with.
 */
const ENGINE_TEST_PACKAGES: readonly string[] = ['vitest', 'fast-check', 'robots-parser'];

/** Rooms built over the engine's public API (src/robots/index.ts) rather than inside it: the robots-parser drop-in. */
const OVER_PUBLIC_API: readonly string[] = ['compat'];

/** Rooms of src/robots that must not import other rooms. */
const FORBIDDEN_ROOMS: Readonly<Record<string, readonly string[]>> = {
  google: ['findings', 'readers', 'policy', 'prefs'],
  prefs: ['findings', 'readers', 'policy'],
  crawlers: ['google'],
};

/**
 * Sub-folders whose index.ts is an API of its own, loaded apart from its parent's: the CSV module
 * would otherwise come with share's index into the first chunk, and its reader (papaparse) with
 * everything that only writes CSV; the site audit and the logs (with their XML, gzip, CIDR and
 * bot-list libraries) would load with every check of the engine.
 */
const SUB_APIS: readonly string[] = ['src/share/csv', 'src/share/csv/read', 'src/robots/site', 'src/robots/logs', 'src/store/logs'];

/** Imports the rules allow for now, each named with who removes it (none today). */
const KNOWN_EXCEPTIONS: readonly { readonly from: string; readonly to: string }[] = [];

/** One import as written: the importing file, its line, the specifier and the file it names (null: a package). */
interface ImportEdge {
  readonly file: string;
  readonly line: number;
  readonly spec: string;
  readonly target: string | null;
}

const isTestSupport = (file: string): boolean => /\.test\.tsx?$/.test(file) || file.endsWith('/test-helpers.ts');

/** The npm package an import names (`@scope/name/sub` → `@scope/name`), or the `node:` module. */
function packageOf(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const isReact = (spec: string): boolean => /^(react|react-dom)(\/|$)/.test(spec) || /^@[^/]+\/react(-[^/]*)?(\/|$)/.test(spec) || /\/react$/.test(spec);

/** `src/robots/<room>/…` → room ('' for the engine's own top files); null outside the engine. */
function roomOf(path: string): string | null {
  if (!path.startsWith('src/robots/')) return null;
  const rest = path.slice('src/robots/'.length).split('/');
  return rest.length > 1 ? rest[0]! : '';
}

/** `src/<folder>/…` → `src/<folder>`; null for files elsewhere (app/, src/'s own top files). */
function topOf(path: string): string | null {
  const m = /^src\/([^/]+)\//.exec(path);
  return m ? `src/${m[1]}` : null;
}

/** `app/…` → the deepest of `appApis` (folders of app/ with an index.ts) that holds it, or null. */
function appApiOf(path: string, appApis: readonly string[]): string | null {
  let best: string | null = null;
  for (const api of appApis) if (path.startsWith(`${api}/`) && (best === null || api.length > best.length)) best = api;
  return best;
}

/** Every way the imports break the folder rules, as readable lines; `appApis`: the folders of app/ with an index.ts. */
function folderViolations(edges: readonly ImportEdge[], appApis: readonly string[] = []): string[] {
  const out: string[] = [];
  const say = (e: ImportEdge, why: string) => out.push(`${e.file}:${e.line} imports '${e.spec}': ${why}`);
  for (const e of edges) {
    if (KNOWN_EXCEPTIONS.some((x) => e.file.startsWith(x.from) && e.target === x.to)) continue;
    const room = roomOf(e.file);
    const test = isTestSupport(e.file);
    if (e.target === null) {
      const pkg = packageOf(e.spec);
      if (e.file.startsWith('src/') && isReact(e.spec)) say(e, 'src/ never imports React (React lives in app/)');
      else if (room !== null && !ENGINE_PACKAGES.includes(pkg) && !(test && (ENGINE_TEST_PACKAGES.includes(pkg) || pkg.startsWith('node:')))) {
        say(e, `the engine imports no package but ${ENGINE_PACKAGES.length ? ENGINE_PACKAGES.join(', ') : 'none'} (add a pure library to ENGINE_PACKAGES)`);
      }
      continue;
    }
    const to = roomOf(e.target);
    if (room !== null) {
      if (to === null) {
        say(e, 'the engine imports nothing outside src/robots');
        continue;
      }
      if (to === room) continue;
      if (FORBIDDEN_ROOMS[room]?.includes(to)) say(e, `${room}/ imports no ${to}/`);
      else if (to === '') {
        const name = e.target.slice('src/robots/'.length);
        const allowed = (name === 'index.ts' && OVER_PUBLIC_API.includes(room)) || (name === 'test-helpers.ts' && test);
        if (!allowed) say(e, `a room imports the engine's ${name} only when built over the public API (${OVER_PUBLIC_API.join(', ')}), and test-helpers.ts only from tests`);
      } else if (e.target !== `src/robots/${to}/index.ts`) {
        say(e, `another room is imported through its index.ts (src/robots/${to}/index.ts)`);
      }
      continue;
    }
    const from = e.file.startsWith('app/') ? 'app' : topOf(e.file);
    const into = topOf(e.target);
    const api = appApiOf(e.target, appApis);
    if (api !== null && !e.file.startsWith(`${api}/`) && e.target !== `${api}/index.ts`) say(e, `${api} is imported through its index.ts (${api}/index.ts)`);
    else if (from === 'src/cli' && into === 'src/store') say(e, 'the CLI imports no store');
    else if (from !== null && into !== null && from !== into && e.target !== `${into}/index.ts` && !SUB_APIS.some((api) => e.target === `${api}/index.ts`)) {
      say(e, `${into} is imported through its index.ts (${into}/index.ts)`);
    }
  }
  return out;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
    const path = posix.join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The repository path a relative specifier names: `.js` written for `.ts`, `?raw` dropped, a folder's index.ts. */
function resolve(file: string, spec: string): string {
  const path = posix.normalize(posix.join(posix.dirname(file), spec.replace(/\?.*$/, '')));
  for (const candidate of [path, path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx'), `${path}.ts`, `${path}.tsx`]) {
    try {
      if (statSync(join(ROOT, candidate)).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  try {
    if (statSync(join(ROOT, path)).isDirectory()) return `${path}/index.ts`;
  } catch {
    // a path that does not exist: reported as written
  }
  return path;
}

/** The folders of app/ that have an index.ts (their API). */
function appApis(dir = 'app'): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
    if (!d.isDirectory()) return [];
    const path = posix.join(dir, d.name);
    let own: string[] = [];
    try {
      if (statSync(join(ROOT, path, 'index.ts')).isFile()) own = [path];
    } catch {
      // no index.ts: its files are imported one by one
    }
    return [...own, ...appApis(path)];
  });
}

/** Every import (static, type-only, re-export, dynamic) of every .ts/.tsx file under src/ and app/. */
function allImports(): ImportEdge[] {
  return [...sourceFiles('src'), ...sourceFiles('app')].flatMap((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8');
    return ts.preProcessFile(text, true, true).importedFiles.map((ref) => ({
      file,
      line: text.slice(0, ref.pos).split('\n').length,
      spec: ref.fileName,
      target: ref.fileName.startsWith('.') ? resolve(file, ref.fileName) : null,
    }));
  });
}

describe('the folder rules', () => {
  const edges = allImports();

  it('reads the imports of the engine, the other folders and the app', () => {
    const crossing = edges.filter((e) => e.target !== null && topOf(e.file) !== topOf(e.target));
    expect(crossing.length).toBeGreaterThan(50);
    expect(edges.filter((e) => e.file === 'src/robots/index.ts').map((e) => e.target)).toContain('src/robots/google/index.ts');
  });

  it('hold for every import under src/ and app/', () => {
    expect(folderViolations(edges, appApis())).toEqual([]);
  });
});

describe('each folder rule fails on an import that breaks it', () => {
  const edge = (file: string, spec: string, target: string | null = null): ImportEdge => ({ file, line: 1, spec, target });
  const why = (e: ImportEdge) => folderViolations([e]).map((v) => v.slice(v.indexOf(': ') + 2));

  it('the engine imports nothing outside itself', () => {
    expect(why(edge('src/robots/google/parse.ts', 'papaparse'))).toHaveLength(1);
    expect(why(edge('src/robots/google/parse.ts', 'node:fs'))).toHaveLength(1);
    expect(why(edge('src/robots/url/url.ts', '../../share/index.js', 'src/share/index.ts'))).toEqual(['the engine imports nothing outside src/robots']);
    expect(why(edge('src/robots/url/url.test.ts', 'vitest'))).toEqual([]);
  });

  it('google/ imports no findings/, readers/ or policy/; crawlers/ no google/', () => {
    expect(why(edge('src/robots/google/check.ts', '../findings/index.js', 'src/robots/findings/index.ts'))).toEqual(['google/ imports no findings/']);
    expect(why(edge('src/robots/google/check.ts', '../readers/index.js', 'src/robots/readers/index.ts'))).toEqual(['google/ imports no readers/']);
    expect(why(edge('src/robots/google/check.ts', '../policy/index.js', 'src/robots/policy/index.ts'))).toEqual(['google/ imports no policy/']);
    expect(why(edge('src/robots/crawlers/agent.ts', '../google/index.js', 'src/robots/google/index.ts'))).toEqual(['crawlers/ imports no google/']);
    expect(why(edge('src/robots/findings/describe.ts', '../google/index.js', 'src/robots/google/index.ts'))).toEqual([]);
  });

  it('another room, or another folder of src/, is imported through its index.ts', () => {
    expect(why(edge('src/robots/findings/describe.ts', '../google/parse.js', 'src/robots/google/parse.ts'))).toHaveLength(1);
    expect(why(edge('src/robots/google/check.ts', '../index.js', 'src/robots/index.ts'))).toHaveLength(1);
    expect(why(edge('src/robots/compat/robots-parser.ts', '../index.js', 'src/robots/index.ts'))).toEqual([]);
    expect(why(edge('src/worker/analyse.ts', '../robots/google/index.js', 'src/robots/google/index.ts'))).toHaveLength(1);
    expect(why(edge('src/store/csv.ts', '../worker/protocol.js', 'src/worker/protocol.ts'))).toHaveLength(1);
    expect(why(edge('src/worker/analyse.ts', '../robots/index.js', 'src/robots/index.ts'))).toEqual([]);
  });

  it('the app imports src/ through each folder\'s index.ts, and a folder of its own that has one through it', () => {
    const appWhy = (e: ImportEdge) => folderViolations([e], ['app/i18n']).map((v) => v.slice(v.indexOf(': ') + 2));
    expect(appWhy(edge('app/components/LogsPanel.tsx', '../../src/worker/logs-client.js', 'src/worker/logs-client.ts'))).toEqual(['src/worker is imported through its index.ts (src/worker/index.ts)']);
    expect(appWhy(edge('app/components/LogsPanel.tsx', '../../src/worker/index.js', 'src/worker/index.ts'))).toEqual([]);
    expect(appWhy(edge('app/components/Site.tsx', '../../src/robots/site/index.js', 'src/robots/site/index.ts'))).toEqual([]);
    expect(appWhy(edge('app/components/Site.tsx', '../../src/robots/site/audit.js', 'src/robots/site/audit.ts'))).toHaveLength(1);
    expect(appWhy(edge('app/components/Site.tsx', '../i18n/catalogues/en-site.js', 'app/i18n/catalogues/en-site.ts'))).toEqual(['app/i18n is imported through its index.ts (app/i18n/index.ts)']);
    expect(appWhy(edge('app/components/Site.tsx', '../i18n/index.js', 'app/i18n/index.ts'))).toEqual([]);
    expect(appWhy(edge('app/i18n/loader.ts', './catalogues/en-site.js', 'app/i18n/catalogues/en-site.ts'))).toEqual([]);
    expect(appWhy(edge('app/App.tsx', './components/TestPanel.js', 'app/components/TestPanel.tsx'))).toEqual([]);
  });

  it('nothing in src/ imports React, and the CLI imports no store', () => {
    expect(why(edge('src/store/tester-store.ts', 'react'))).toHaveLength(1);
    expect(why(edge('src/editor/lint.ts', 'react-dom/client'))).toHaveLength(1);
    expect(why(edge('src/store/tester-store.ts', 'zustand/react'))).toHaveLength(1);
    expect(why(edge('app/App.tsx', 'react'))).toEqual([]);
    expect(why(edge('src/cli/main.ts', '../store/index.js', 'src/store/index.ts'))).toEqual(['the CLI imports no store']);
  });
});
