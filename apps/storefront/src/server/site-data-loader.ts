import type { IncomingMessage } from 'node:http';
import type { NextPageContext } from 'next';
import { buildCategoryTree } from '../lib/catalogue/category-tree.ts';
import type { SiteData } from '../lib/site/site-data.ts';
import { getRuntime } from './runtime.ts';

/**
 * Loads the data every page shares, during a server render. The error pages skip the store: a 500 may
 * come from the store itself, and rendering the error must not fail the same way.
 */
export async function loadSiteData(context: NextPageContext): Promise<SiteData> {
  const runtime = getRuntime();
  const isErrorPage =
    Boolean(context.err) || context.pathname === '/500' || context.pathname === '/_error';
  const navigation = isErrorPage ? [] : buildCategoryTree(await runtime.store.listCategories());
  return {
    navigation,
    publicConfig: runtime.publicConfig(),
    origin: runtime.publicOrigin ?? requestOrigin(context.req),
  };
}

/** The origin the browser used, as the request says it (`x-forwarded-*` behind a proxy). */
export function requestOrigin(request: IncomingMessage | undefined): string {
  if (!request) return '';
  const first = (value: string | string[] | undefined) =>
    (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  const protocol = first(request.headers['x-forwarded-proto']) ?? 'http';
  const host = first(request.headers['x-forwarded-host']) ?? request.headers.host;
  return host ? `${protocol}://${host}` : '';
}
