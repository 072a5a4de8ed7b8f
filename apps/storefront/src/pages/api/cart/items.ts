import type { NextApiRequest, NextApiResponse } from 'next';
import { isLocale } from '../../../i18n/locale.ts';
import { handleCartRequest } from '../../../server/commerce/commerce-http.ts';
import { getRuntime } from '../../../server/runtime.ts';

export const config = { api: { bodyParser: { sizeLimit: '16kb' } } };

export default async function cartItemsRoute(request: NextApiRequest, response: NextApiResponse) {
  const runtime = getRuntime();
  const reply = await handleCartRequest(
    {
      method: request.method,
      headers: request.headers,
      body: request.body,
      locale: isLocale(request.query['locale']) ? request.query['locale'] : 'en',
    },
    { store: runtime.store, publicOrigin: runtime.publicOrigin },
  );
  for (const [name, value] of Object.entries(reply.headers ?? {})) response.setHeader(name, value);
  response.status(reply.status).json(reply.body);
}
