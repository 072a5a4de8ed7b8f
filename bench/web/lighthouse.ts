import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

/** Lighthouse's four category scores (0–100) for one page and form factor, the median of the runs. */
export interface LighthouseScores {
  readonly path: string;
  readonly formFactor: 'mobile' | 'desktop';
  readonly runs: number;
  readonly performance: number;
  readonly accessibility: number;
  readonly bestPractices: number;
  readonly seo: number;
  /** The metrics behind the performance score, from the run with the median performance score. */
  readonly firstContentfulPaintMs: number;
  readonly largestContentfulPaintMs: number;
  readonly totalBlockingTimeMs: number;
  readonly cumulativeLayoutShift: number;
}

interface Metrics {
  readonly performance: number;
  readonly firstContentfulPaintMs: number;
  readonly largestContentfulPaintMs: number;
  readonly totalBlockingTimeMs: number;
  readonly cumulativeLayoutShift: number;
}

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * Audits `path` with Lighthouse (the version in package.json) in Debian's Chromium, started by
 * chrome-launcher in new headless mode. `mobile` is Lighthouse's default preset (Moto G power emulation,
 * simulated slow 4G and 4× CPU slowdown), `desktop` its desktop preset. Each run gets a fresh Chromium;
 * the reported score of each category is the median over `runs` (Lighthouse's own advice for noisy
 * machines).
 */
export async function measureLighthouse(
  baseUrl: string,
  path: string,
  formFactor: 'mobile' | 'desktop',
  runs: number,
): Promise<LighthouseScores> {
  const samples: Record<(typeof categories)[number], number[]> = {
    performance: [],
    accessibility: [],
    'best-practices': [],
    seo: [],
  };
  const metrics: Metrics[] = [];
  for (let run = 0; run < runs; run++) {
    const chrome = await launch({
      chromePath: process.env['CHROME_PATH'] ?? process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const result = await lighthouse(
        `${baseUrl}${path}`,
        { port: chrome.port, logLevel: 'error', onlyCategories: [...categories] },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned no result for ${path}`);
      if (result.lhr.runtimeError)
        throw new Error(`Lighthouse failed on ${path}: ${result.lhr.runtimeError.message}`);
      for (const category of categories) {
        const score = result.lhr.categories[category]?.score;
        if (typeof score !== 'number')
          throw new Error(`Lighthouse gave no ${category} score for ${path}`);
        samples[category].push(Math.round(score * 100));
      }
      const metric = (id: string) => result.lhr.audits[id]?.numericValue ?? Number.NaN;
      metrics.push({
        performance: samples.performance.at(-1) ?? Number.NaN,
        firstContentfulPaintMs: metric('first-contentful-paint'),
        largestContentfulPaintMs: metric('largest-contentful-paint'),
        totalBlockingTimeMs: metric('total-blocking-time'),
        cumulativeLayoutShift: metric('cumulative-layout-shift'),
      });
    } finally {
      chrome.kill();
    }
  }
  const performance = median(samples.performance);
  const typical = metrics.find((run) => run.performance === performance) ?? metrics[0];
  return {
    path,
    formFactor,
    runs,
    performance,
    accessibility: median(samples.accessibility),
    bestPractices: median(samples['best-practices']),
    seo: median(samples.seo),
    firstContentfulPaintMs: typical?.firstContentfulPaintMs ?? Number.NaN,
    largestContentfulPaintMs: typical?.largestContentfulPaintMs ?? Number.NaN,
    totalBlockingTimeMs: typical?.totalBlockingTimeMs ?? Number.NaN,
    cumulativeLayoutShift: typical?.cumulativeLayoutShift ?? Number.NaN,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}
