// Generated combined-format logs for the logs benches (bench/logs.mjs, bench/logs-browser.mjs):
// deterministic, written on the fly, never committed.
import { createWriteStream, statSync } from 'node:fs';

/** A small deterministic generator (the bench's logs are the same every run). */
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

// The mix of a busy site: browsers, the big search engines, AI crawlers, SEO tools, scripts.
const AGENTS = [
  [30, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36'],
  [15, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'],
  [10, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'],
  [12, 'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.201 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  [3, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
  [2, 'Googlebot-Image/1.0'],
  [5, 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36'],
  [4, 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)'],
  [2, 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot'],
  [3, 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'],
  [2, 'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)'],
  [3, 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)'],
  [2, 'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)'],
  [2, 'Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)'],
  [1, 'Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)'],
  [1, 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)'],
  [1, 'python-requests/2.31.0'],
  [1, 'curl/8.5.0'],
  [1, 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n) => String(n).padStart(2, '0');

/** Writes `count` combined-format lines over 30 days (deterministic); resolves to the file's size. */
export async function writeCombinedLog(file, count, paths, seed = 5) {
  const r = rng(seed);
  const total = AGENTS.reduce((a, [w]) => a + w, 0);
  const pick = () => {
    let x = r() * total;
    for (const [w, ua] of AGENTS) if ((x -= w) < 0) return ua;
    return AGENTS[0][1];
  };
  const start = Date.UTC(2025, 9, 1);
  const step = (30 * 86_400_000) / count;
  const out = createWriteStream(file);
  let chunk = '';
  let lastSecond = -1;
  let stamp = '';
  for (let i = 0; i < count; i++) {
    const t = start + Math.floor(i * step);
    const second = Math.floor(t / 1000);
    if (second !== lastSecond) {
      const d = new Date(t);
      stamp = `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`;
      lastSecond = second;
    }
    const ua = pick();
    const robots = r() < 0.01;
    const path = robots ? '/robots.txt' : paths[Math.floor(r() * paths.length)];
    // Googlebot's own addresses mostly; one request in ten from elsewhere (spoofed).
    const ip = ua.includes('Googlebot') && r() < 0.9 ? `66.249.${64 + Math.floor(r() * 32)}.${Math.floor(r() * 256)}` : `${1 + Math.floor(r() * 222)}.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}.${Math.floor(r() * 256)}`;
    chunk += `${ip} - - [${stamp}] "GET ${path} HTTP/1.1" ${r() < 0.9 ? 200 : 404} ${Math.floor(r() * 50_000)} "-" "${ua}"\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await new Promise((res) => out.once('drain', res));
      chunk = '';
    }
  }
  out.end(chunk);
  await new Promise((res) => out.on('close', res));
  return statSync(file).size;
}
