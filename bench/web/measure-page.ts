import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/** The JavaScript a first visit downloads: the scripts the page loads, their size raw and gzipped. */
export interface ScriptWeight {
  readonly path: string;
  readonly scripts: number;
  readonly rawBytes: number;
  readonly gzipBytes: number;
  /**
   * The scripts the HTML names (the page's own and the app's chunks, as tags or in the after-paint loader's
   * list): what it needs to run.
   */
  readonly firstLoadScripts: number;
  readonly firstLoadGzipBytes: number;
  /**
   * Milliseconds from the navigation's start to the listing's `data-ready` (its `<Activity>` hydrated: the filters
   * and the search field respond); the results are painted from the server's HTML before.
   */
  readonly listingReadyMs: number;
}

/**
 * Loads `path` in a fresh context (empty cache) and adds up the same-origin JavaScript responses until the
 * network is idle: the scripts the HTML names (first load, as Next counts it), then what loads after
 * (lazy chunks, and Next's idle-time prefetch of the pages the product links lead to). Sizes are measured
 * on the decoded bodies, gzipped here at level 9, so that they do not depend on how the server compresses.
 */
export async function measureFirstLoadScripts(
  browser: Browser,
  baseUrl: string,
  path: string,
): Promise<ScriptWeight> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies: Promise<{ readonly pathname: string; readonly body: Buffer }>[] = [];
  const origin = new URL(baseUrl).origin;
  page.on('response', (response) => {
    const url = response.url();
    const { pathname } = new URL(url);
    const isScript =
      response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(pathname);
    if (isScript && url.startsWith(origin) && response.ok())
      bodies.push(response.body().then((body) => ({ pathname, body })));
  });
  await page.addInitScript({ content: noteListingReady });
  const document = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  const listingReadyMs = Number(
    await page.evaluate('window.listingReadyAt ?? Number.NaN').catch(() => Number.NaN),
  );
  const html = (await document?.text()) ?? '';
  // `<script src>` tags, and the list of the loader that starts them after the first paint (decision 0011).
  const named = new Set(
    [
      ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
      ...html.matchAll(/"(\/_next\/[^"]+\.js)"/g),
    ].map((match) => new URL((match[1] ?? '').replaceAll('&amp;', '&'), baseUrl).pathname),
  );
  const scripts = await Promise.all(bodies);
  await context.close();
  const gzipped = scripts.map((script) => ({
    ...script,
    gzip: gzipSync(script.body, { level: 9 }).length,
  }));
  const firstLoad = gzipped.filter((script) => named.has(script.pathname));
  return {
    path,
    scripts: gzipped.length,
    rawBytes: gzipped.reduce((sum, script) => sum + script.body.length, 0),
    gzipBytes: gzipped.reduce((sum, script) => sum + script.gzip, 0),
    firstLoadScripts: firstLoad.length,
    firstLoadGzipBytes: firstLoad.reduce((sum, script) => sum + script.gzip, 0),
    listingReadyMs,
  };
}

/** Notes when the listing's holder gets `data-ready` (in-page source text, run before the page's scripts). */
const noteListingReady = `new MutationObserver((records, observer) => {
  if (document.querySelector('main [data-ready]')) {
    window.listingReadyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });`;

/** Words typed one key at a time; 69 keystrokes in all. */
export const typedQueries = [
  'jacket',
  'hoodie',
  'yoga pants',
  'running shorts',
  'backpack',
  'water bottle',
  'tank top',
  'veste',
];

/**
 * Types `typedQueries` into the search field of `path`, one key at a time, and measures for each key the time
 * from the key press to the frame after the results for the new query are in the page (the results block's
 * `data-results-query` equals the field's value), in the page's own clock. The next key waits for that.
 */
export async function measureKeystrokes(
  browser: Browser,
  baseUrl: string,
  path: string,
  fieldName: string,
): Promise<KeystrokeTiming[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  const field = page.getByRole('searchbox', { name: fieldName });
  const samples: KeystrokeTiming[] = [];
  for (const query of typedQueries) {
    await field.fill('');
    await page.waitForFunction(() => document.querySelector('[data-results-query=""]') !== null);
    for (const key of query) {
      const expected = (await field.inputValue()) + key;
      // Armed before the key is pressed, so results that arrive before the bench's next round trip to the
      // page are timed when they arrive, not when the bench gets round to looking.
      const result = field.evaluate(timeKeystroke, {
        expected,
        selector: '[data-results-query]',
        attribute: 'data-results-query',
      });
      await page.waitForFunction(
        () => (window as { keystrokeArmed?: boolean }).keystrokeArmed === true,
      );
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      const timing = await result;
      if (timing === null) throw new Error(`no results for "${expected}" after 5 s`);
      samples.push(timing);
    }
  }
  await context.close();
  return samples;
}

// In-page code is given as source text: tsx would wrap named functions in a helper the page lacks.

/** What a keystroke waits for: an element matching `selector` whose `attribute` equals `expected`. */
export interface KeystrokeTarget {
  readonly expected: string;
  readonly selector: string;
  readonly attribute: string;
}

/** One keystroke's times, in milliseconds from its `keydown`. */
export interface KeystrokeTiming {
  /** To the end of the frame that paints the answer: a task queued from that frame's animation callback. */
  readonly painted: number;
  /** To the second animation frame after the answer is in the page (this bench's measure until 2026-12-02). */
  readonly secondFrame: number;
}

/**
 * Arms the field: notes the time of the next key press on it, and resolves with the times from that key press
 * to the paint of the frame in which an element of `selector` answers `expected` in `attribute` (a message
 * posted from that frame's `requestAnimationFrame` callback is delivered once the frame is painted) and to the
 * second animation frame after it. The observer is installed before the key is pressed, so no result can slip
 * past it.
 */
export const timeKeystroke = new Function(
  'input',
  'target',
  `return new Promise((resolve) => {
    let keyDownAt = Number.NaN;
    let seen = false;
    // Compared trimmed: the service may echo "yoga " back as "yoga".
    const shows = () =>
      [...document.querySelectorAll(target.selector)].some(
        (element) => element.getAttribute(target.attribute)?.trim() === target.expected.trim());
    const painted = () => {
      if (seen) return;
      seen = true;
      observer.disconnect();
      let paintedAt = Number.NaN;
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { paintedAt = performance.now(); };
      requestAnimationFrame(() => {
        channel.port2.postMessage(null);
        requestAnimationFrame(() => {
          const secondFrameAt = performance.now();
          // The message is delivered before the next frame's callbacks; wait for it if it is late.
          const settle = () => Number.isNaN(paintedAt) ? setTimeout(settle, 0) : resolve({
            painted: paintedAt - keyDownAt, secondFrame: secondFrameAt - keyDownAt });
          settle();
        });
      });
    };
    const observer = new MutationObserver(() => {
      if (!Number.isNaN(keyDownAt) && shows()) painted();
    });
    input.addEventListener('keydown', () => {
      keyDownAt = performance.now();
      if (shows()) painted();
    }, { once: true });
    observer.observe(document.body, { attributes: true, subtree: true, childList: true });
    setTimeout(() => { observer.disconnect(); resolve(null); }, 5000);
    window.keystrokeArmed = true;
  }).finally(() => { window.keystrokeArmed = false; });`,
) as (input: HTMLElement, target: KeystrokeTarget) => Promise<KeystrokeTiming | null>;
