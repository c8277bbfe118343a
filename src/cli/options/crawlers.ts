/**
 * The crawlers and readers a command checks for: --ua, --crawler, --all-google, --all-ai in the
 * order given, resolved as the app resolves the picker (resolveCrawler); --reader, --all-readers.
 */
import {
  CRAWLERS, GOOGLE_CRAWLERS, isReaderId, knownCrawlerById, READER_IDS, readerName, resolveAgent, resolveCrawler,
  type CrawlerProfile, type CrawlerSpec, type ReaderId, type ResolvedAgent,
} from '../../robots/index.js';
import { AI_PROFILE_IDS } from '../ai-policy.js';
import { CliError } from '../cli-error.js';

/** The crawler and reader options (repeat as you like). */
export const CRAWLER_OPTIONS = {
  reader: { type: 'string', short: 'r', multiple: true },
  'all-readers': { type: 'boolean' },
  ua: { type: 'string', short: 'u', multiple: true },
  crawler: { type: 'string', short: 'c', multiple: true },
  'all-google': { type: 'boolean' },
  'all-ai': { type: 'boolean' },
} as const;

/** The crawler and reader options' help, as each listing command prints it. */
export const CRAWLER_HELP = `Crawlers (repeat as you like):
  --ua, -u <text>        a product token (Googlebot) or a full User-Agent string
  --crawler, -c <id>     a crawler profile, with its token fallbacks (${CRAWLERS.slice(0, 3).map((c) => c.id).join(', ')}, …)
  --all-google           every Google crawler profile
  --all-ai               every AI crawler profile (training with its control tokens, search and answers, user fetches)
Readers (how the crawler's parser reads the file; Google's by default; repeat as you like):
  --reader, -r <id>      one of (each as the releases named):
${READER_IDS.map((r) => `                           ${r.padEnd(22)} ${readerName(r)}`).join('\n')}
  --all-readers          every reader`;

/** An option as parseArgs's tokens give it. */
type OptionToken = { readonly kind: string; readonly name?: string; readonly value?: string | undefined };

/** The crawlers named on the command line, in their order; none is a usage error when `required`. */
export function crawlersFrom(tokens: readonly OptionToken[], required = true): ResolvedAgent[] {
  const specs: (CrawlerSpec | CrawlerProfile)[] = [];
  for (const t of tokens) {
    if (t.kind !== 'option') continue;
    if (t.name === 'crawler') {
      const id = t.value ?? '';
      // Every crawler the tester knows (the whole list: the page's first screen has fewer).
      const profile = knownCrawlerById(id);
      if (!profile) throw new CliError(`no crawler profile "${id}"; profiles: ${CRAWLERS.map((c) => c.id).join(', ')}, …`);
      specs.push(profile);
    } else if (t.name === 'ua') specs.push({ kind: 'text', value: t.value ?? '' });
    else if (t.name === 'all-google') for (const c of GOOGLE_CRAWLERS) specs.push({ kind: 'profile', id: c.id });
    else if (t.name === 'all-ai') for (const id of AI_PROFILE_IDS) specs.push({ kind: 'profile', id });
  }
  if (specs.length === 0 && required) throw new CliError('missing a crawler: --ua <token or User-Agent string>, --crawler <profile id> --all-google or --all-ai');
  return specs.map((spec) => {
    const agent = 'kind' in spec ? resolveCrawler(spec) : resolveAgent(spec);
    if (agent.issue === 'no-crawler') throw new CliError(`no crawler token in --ua ${JSON.stringify(agent.input)}`);
    return agent;
  });
}

/** The readers named on the command line (Google's alone by default), each once, in the readers' order. */
export function readersFrom(values: { readonly reader?: readonly string[]; readonly 'all-readers'?: boolean }): ReaderId[] {
  if (values['all-readers']) return [...READER_IDS];
  const named = values.reader ?? ['google'];
  for (const r of named) if (!isReaderId(r)) throw new CliError(`no reader "${r}"; readers: ${READER_IDS.join(', ')}`);
  return READER_IDS.filter((r) => named.includes(r));
}
