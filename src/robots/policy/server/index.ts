/**
 * The enforcement export: from the file and the crawlers a policy names to a web server's rules
 * that refuse exactly the requests the file blocks for them (nginx, Apache, Caddy, HAProxy, a
 * Cloudflare WAF expression), each saying what it covers and what it cannot.
 */
import { apacheRules } from './apache.js';
import { caddyRules } from './caddy.js';
import { cloudflareRules } from './cloudflare.js';
import { haproxyRules } from './haproxy.js';
import { nginxRules } from './nginx.js';
import type { EnforcementPlan, ServerExport, ServerKind, ServerOptions } from './types.js';

export type { AgentRun, EnforcedRule, EnforcedSet, EnforcementPlan, ServerExport, ServerKind, ServerNote, ServerOptions } from './types.js';
export { SERVER_KINDS } from './types.js';
export { firstMatchRules, planEnforcement, planPolicyEnforcement } from './plan.js';
export { serverMessages, serverNoteArgs } from './messages.js';
export { CLOUDFLARE_MAX_EXPRESSION } from './cloudflare.js';

const FILE_NAMES: Readonly<Record<ServerKind, string>> = {
  nginx: 'robots-txt-ai.nginx.conf',
  apache: 'robots-txt-ai.apache.conf',
  caddy: 'robots-txt-ai.caddy',
  haproxy: 'robots-txt-ai.haproxy.cfg',
  cloudflare: 'robots-txt-ai.cloudflare.txt',
};

/** Whether `status` is one a refusal may have: a 4xx. */
export function isRefusalStatus(status: number): boolean {
  return Number.isInteger(status) && status >= 400 && status <= 499;
}

/** `server`'s rules for `plan`, refusing with `options.status` (403 when absent or not a 4xx). Never throws. */
export function serverRules(plan: EnforcementPlan, server: ServerKind, options: ServerOptions = {}): ServerExport {
  const status = options.status !== undefined && isRefusalStatus(options.status) ? options.status : 403;
  const made = server === 'nginx' ? nginxRules(plan, status)
    : server === 'apache' ? apacheRules(plan, status)
      : server === 'caddy' ? caddyRules(plan, status)
        : server === 'haproxy' ? haproxyRules(plan, status)
          : cloudflareRules(plan);
  return { server, status, text: made.text, fileName: FILE_NAMES[server], notes: made.notes };
}
