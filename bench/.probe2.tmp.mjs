import { Builder, By, until } from 'selenium-webdriver';
import { spawn } from 'node:child_process';
const t0 = Date.now();
const port = 4444;
const driverProc = spawn('/usr/bin/WebKitWebDriver', [`--port=${port}`], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));
const caps = { browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', args: ['--automation'] } };
const driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(caps).build();
try {
  await driver.manage().window().setRect({ width: 1400, height: 900 });
  await driver.get('http://127.0.0.1:4391/robots-txt-tester/');
  const el = await driver.wait(until.elementLocated(By.css('[data-testid=verdict][data-verdict]')), 20000);
  console.log('webkit verdict', await el.getAttribute('data-verdict'), Date.now() - t0, 'ms');
} finally {
  await driver.quit();
  driverProc.kill();
}
