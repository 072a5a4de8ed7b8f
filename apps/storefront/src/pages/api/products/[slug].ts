import type { NextApiRequest, NextApiResponse } from 'next';
import { isLocale } from '../../../i18n/locale.ts';
import { handleProductRequest } from '../../../server/commerce/product-http.ts';
import { getRuntime } from '../../../server/runtime.ts';

/** The body is never read (Next's parser would answer a broken one in plain text). */
export const config = { api: { bodyParser: false } };

/** `GET|HEAD /api/products/<slug>?locale=fr`: the product's id and variants (see product-http.ts). */
export default async function productRoute(request: NextApiRequest, response: NextApiResponse) {
  const reply = await handleProductRequest(
    {
      method: request.method,
      slug: request.query['slug'],
      locale: isLocale(request.query['locale']) ? request.query['locale'] : 'en',
    },
    getRuntime().store,
  );
  for (const [name, value] of Object.entries(reply.headers ?? {})) response.setHeader(name, value);
  response.status(reply.status).json(reply.body);
}
