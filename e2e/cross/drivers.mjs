// The browsers of the cross-browser set, driven without downloads: Firefox ESR through
// puppeteer-core over WebDriver BiDi, WebKitGTK's MiniBrowser through WebKitWebDriver (selenium).
// Both get the same small interface, so every scenario runs unchanged in each.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export const FIREFOX = '/usr/bin/firefox-esr';
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Which engines this machine can run. */
export function availableEngines() {
  return [
    ...(existsSync(FIREFOX) ? ['firefox'] : []),
    ...(existsSync(WEBKIT_DRIVER) && existsSync(MINIBROWSER) ? ['webkit'] : []),
  ];
}

/**
 * A page in one engine: `run(fn, ...args)` runs a function in the page and returns its (JSON)
 * result; `keys` types real keys into the focused element; `screenshot` saves a PNG.
 */
export async function openFirefox(width, height) {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: FIREFOX, headless: true, protocol: 'webDriverBiDi', args: [`--width=${width}`, `--height=${height}`],
  });
  const page = await browser.newPage();
  await page.setViewport({ width, height });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e.message ?? e)));
  return {
    engine: 'firefox',
    errors,
    goto: (url) => page.goto(url),
    run: (fn, ...args) => page.evaluate(fn, ...args),
    async keys(...keys) {
      for (const k of keys) {
        if (k.length === 1) await page.keyboard.type(k);
        else await page.keyboard.press(k);
      }
    },
    type: (text) => page.keyboard.type(text),
    screenshot: (path) => page.screenshot({ path }),
    setSize: (w, h) => page.setViewport({ width: w, height: h }),
    close: () => browser.close(),
  };
}

const SELENIUM_KEYS = { Tab: 'TAB', Enter: 'ENTER', Escape: 'ESCAPE', ArrowRight: 'ARROW_RIGHT', ArrowLeft: 'ARROW_LEFT', ArrowDown: 'ARROW_DOWN', Home: 'HOME', End: 'END', Space: 'SPACE', Backspace: 'BACK_SPACE' };

/** WebKitGTK's MiniBrowser (needs a display: the runner starts Xvfb). Its window size is the outer size. */
/**
 * Starts WebKitWebDriver on `port` and waits until it answers its status. A driver that exits
 * first (its port not yet free) is started again, a few times.
 */
async function startWebKitDriver(port, timeoutMs = 30_000) {
  const statusUrl = `http://127.0.0.1:${port}/status`;
  const until = Date.now() + timeoutMs;
  let proc = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: 'ignore' });
  for (;;) {
    try {
      const res = await fetch(statusUrl);
      if (res.ok) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      proc.kill();
      throw new Error(`WebKitWebDriver did not answer ${statusUrl} within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 200));
    if (proc.exitCode !== null || proc.signalCode !== null) proc = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: 'ignore' });
  }
}

export async function openWebKit(width, height, port) {
  const { Builder, Key } = await import('selenium-webdriver');
  const driverProc = await startWebKitDriver(port);
  const caps = { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } };
  const driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(caps).build();
  await driver.manage().window().setRect({ width, height });
  const errors = [];
  const run = async (fn, ...args) => {
    const got = await driver.executeAsyncScript(
      `const done = arguments[arguments.length - 1];
       Promise.resolve((${fn.toString()})(...${JSON.stringify(args)})).then((v) => done({ v: v === undefined ? null : v }), (e) => done({ e: String(e && e.message || e) }));`,
    );
    if (got.e) throw new Error(got.e);
    return got.v;
  };
  return {
    engine: 'webkit',
    errors,
    async goto(url) {
      await driver.get(url);
      // WebKitWebDriver has no console log: page errors are caught in the page itself.
      await run(() => {
        window.__errors = [];
        window.addEventListener('error', (e) => window.__errors.push(e.message));
        window.addEventListener('unhandledrejection', (e) => window.__errors.push(String(e.reason)));
      });
    },
    run,
    async keys(...keys) {
      const actions = driver.actions({ async: true });
      for (const k of keys) actions.sendKeys(k.length === 1 ? k : Key[SELENIUM_KEYS[k]]);
      await actions.perform();
    },
    type: (text) => driver.actions({ async: true }).sendKeys(text).perform(),
    async screenshot(path) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(path, Buffer.from(await driver.takeScreenshot(), 'base64'));
    },
    setSize: (w, h) => driver.manage().window().setRect({ width: w, height: h }),
    async close() {
      const pageErrors = await run(() => window.__errors ?? []).catch(() => []);
      errors.push(...pageErrors);
      await driver.quit();
      // The next scenario's driver takes the same port: it must be free by then.
      const exited = new Promise((r) => (driverProc.exitCode !== null ? r() : driverProc.once('exit', r)));
      driverProc.kill();
      await exited;
    },
  };
}
