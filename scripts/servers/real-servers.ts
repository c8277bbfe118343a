/**
 * Debian's nginx, Apache (mod_rewrite), Caddy and HAProxy, started on 127.0.0.1 for the agreement
 * test: each in a directory of its own under a temporary one, on a free port, with the generated
 * rules pasted where their comments say, answering 200 to whatever they let through. Configurations
 * a non-root user can run (as root, Apache drops to nobody, as it must).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import type { ServerKind } from '../../src/robots/index.js';

/** The servers that run as programs (Cloudflare's expression is read by the test's own reader). */
export type LocalServer = Exclude<ServerKind, 'cloudflare'>;

/** Where each server's binary is in Debian's packages. */
export const BINARIES: Readonly<Record<LocalServer, string>> = {
  nginx: '/usr/sbin/nginx',
  apache: '/usr/sbin/apache2',
  caddy: '/usr/bin/caddy',
  haproxy: '/usr/sbin/haproxy',
};

/** A server that is running: its port, and how to stop it. */
export interface RunningServer {
  readonly port: number;
  stop(): Promise<void>;
}

/** Its version line, for the test's report; null when the binary is missing. */
export function serverVersion(kind: LocalServer): string | null {
  if (!existsSync(BINARIES[kind])) return null;
  const r = spawnSync(BINARIES[kind], [kind === 'caddy' ? 'version' : '-v'], { encoding: 'utf8' });
  return `${r.stdout}${r.stderr}`.split('\n').find((l) => l.trim() !== '')?.trim() ?? kind;
}

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on `port`; rejects after `ms` or when the process ends. */
async function listening(port: number, child: ChildProcess, log: () => string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server ended (${child.exitCode}) before it listened:\n${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => { s.destroy(); resolve(true); });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > end) throw new Error(`the server did not listen on ${port} within ${ms} ms:\n${log()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const isRoot = () => process.getuid?.() === 0;

function nginxConfig(dir: string, port: number, rules: string): string {
  const [http, server] = rules.split('# In each server {} block');
  return `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp; uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  keepalive_requests 100000;
${http}
  server {
    listen 127.0.0.1:${port};
    # In each server {} block${server}
    location / { return 200 "ok\\n"; }
  }
}
`;
}

function apacheConfig(dir: string, port: number, rules: string): string {
  const modules = '/usr/lib/apache2/modules';
  return `ServerRoot ${dir}
ServerName localhost
Listen 127.0.0.1:${port}
PidFile ${dir}/httpd.pid
DefaultRuntimeDir ${dir}
ErrorLog ${dir}/error.log
LogLevel warn
LoadModule mpm_event_module ${modules}/mod_mpm_event.so
LoadModule authz_core_module ${modules}/mod_authz_core.so
LoadModule rewrite_module ${modules}/mod_rewrite.so
LoadModule alias_module ${modules}/mod_alias.so
${isRoot() ? 'User nobody\nGroup nogroup\n' : ''}StartServers 1
MaxKeepAliveRequests 0
KeepAliveTimeout 30
AllowEncodedSlashes NoDecode
DocumentRoot ${dir}/www
AliasMatch ^ ${dir}/www/ok.txt
<Directory ${dir}/www>
  Require all granted
</Directory>
${rules}`;
}

function caddyConfig(dir: string, port: number, rules: string): string {
  return `{
	admin off
	auto_https off
	storage file_system ${dir}/data
}
http://:${port} {
	bind 127.0.0.1
${rules.split('\n').map((l) => (l === '' ? l : `\t${l}`)).join('\n')}
	respond "ok" 200
}
`;
}

function haproxyConfig(dir: string, port: number, rules: string): string {
  return `global
	pidfile ${dir}/haproxy.pid
defaults
	mode http
	timeout connect 5s
	timeout client 30s
	timeout server 30s
	timeout http-keep-alive 30s
frontend site
	bind 127.0.0.1:${port}
${rules.split('\n').map((l) => (l === '' ? l : `\t${l}`)).join('\n')}
	http-request return status 200 content-type text/plain string ok
`;
}

/** Starts `kind` with `rules` (its export's text) in `dir`; resolves when it listens. */
export async function startServer(kind: LocalServer, rules: string, dir: string): Promise<RunningServer> {
  mkdirSync(join(dir, 'tmp'), { recursive: true });
  mkdirSync(join(dir, 'www'), { recursive: true });
  writeFileSync(join(dir, 'www', 'ok.txt'), 'ok\n');
  // Apache's children run as nobody: the directory must be theirs to read.
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'www'), 0o755);
  const port = await freePort();
  const files: Record<LocalServer, [string, string, string[]]> = {
    nginx: ['nginx.conf', nginxConfig(dir, port, rules), ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')]],
    apache: ['httpd.conf', apacheConfig(dir, port, rules), ['-f', join(dir, 'httpd.conf'), '-DFOREGROUND']],
    caddy: ['Caddyfile', caddyConfig(dir, port, rules), ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile']],
    haproxy: ['haproxy.cfg', haproxyConfig(dir, port, rules), ['-f', join(dir, 'haproxy.cfg'), '-db']],
  };
  const [name, text, args] = files[kind];
  writeFileSync(join(dir, name), text);
  const env = { ...process.env, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data') };
  const child = spawn(BINARIES[kind], args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => { output += d; });
  child.stderr!.on('data', (d) => { output += d; });
  const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([ended, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  try {
    await listening(port, child, () => `${output}\n--- ${name} ---\n${text}`);
  } catch (e) {
    await stop();
    throw e;
  }
  return { port, stop };
}
