import { Head } from 'next/document';
import type { JSX } from 'react';
import { earlyClickRecorder } from './early-clicks.ts';

type DocumentFiles = Parameters<Head['getScripts']>[0];

/**
 * Starts the page's scripts once the browser has presented the server's HTML (its first contentful paint), in
 * the order Next names them. Inline, before any of them: it holds the list and nothing else.
 *
 * - `PerformanceObserver` with `buffered`: the paint entry is reported after the frame is on screen, so the
 *   scripts neither hold the first frame nor share the network with the page's first photo.
 * - A page opened in the background does not paint until it is shown: its scripts start at once.
 * - Without paint timing (old browsers) they start at once, as Next's own `defer` scripts would; and a page
 *   that has still not painted after 4 s starts them anyway.
 * - `async = false`: scripts inserted by a script run in insertion order, as `defer` ones do; and, as `defer`
 *   ones do, not before the document is parsed (on a slow link the browser paints a document it has only
 *   partly received, before the data Next's scripts read at the end of the body).
 */
export function afterFirstPaintLoader(sources: readonly string[]): string {
  return `(function(s){var d=0;function add(){s.forEach(function(u){var e=document.createElement('script');e.src=u;e.async=false;document.head.appendChild(e)})}
function go(){if(d)return;d=1;if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',add);else add()}
try{if(document.visibilityState!=='visible'||PerformanceObserver.supportedEntryTypes.indexOf('paint')<0)return go();new PerformanceObserver(function(l,o){o.disconnect();setTimeout(go)}).observe({type:'paint',buffered:true});setTimeout(go,4000)}catch(x){go()}})(${JSON.stringify(sources)})`;
}

/** The `src` of every external script among Next's elements, in order. */
function externalSources(elements: readonly (JSX.Element | null)[]): string[] {
  return elements.flatMap((element) => {
    const src: unknown = element?.props?.src;
    return typeof src === 'string' ? [src] : [];
  });
}

function inlineOnly(elements: readonly (JSX.Element | null)[]): JSX.Element[] {
  return elements.filter(
    (element): element is JSX.Element => element !== null && !element.props?.src,
  );
}

/**
 * Next's document head with its chunk scripts started after the first paint (decision 0011). Next renders
 * them as `<script defer>` in the head: the browser fetches them with the page and runs them before the first
 * frame whenever that frame is late, and a phone then waits for ~140 KB of JavaScript before showing results
 * the server already rendered. The page works without JavaScript (links, the GET search form, the results),
 * so nothing is lost while they load, and a button clicked meanwhile is clicked again once it is live
 * (early-clicks.ts). Inline scripts (Turbopack's chunk bootstrap) stay where they are.
 */
export class HeadWithScriptsAfterPaint extends Head {
  override getDynamicChunks(files: DocumentFiles): (JSX.Element | null)[] {
    return inlineOnly(super.getDynamicChunks(files));
  }

  override getScripts(files: DocumentFiles): JSX.Element[] {
    const elements = super.getScripts(files);
    const sources = [
      ...externalSources(super.getDynamicChunks(files)),
      ...externalSources(elements),
    ];
    if (sources.length === 0) return elements;
    return [
      ...inlineOnly(elements),
      <script
        key="early-clicks"
        nonce={this.props.nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own recorder (early-clicks.ts).
        dangerouslySetInnerHTML={{ __html: earlyClickRecorder }}
      />,
      <script
        key="scripts-after-first-paint"
        nonce={this.props.nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own loader; the sources are Next's file names.
        dangerouslySetInnerHTML={{ __html: afterFirstPaintLoader(sources) }}
      />,
    ];
  }
}
