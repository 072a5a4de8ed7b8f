import type { NextApiRequest, NextApiResponse } from 'next';
import { isLocale } from '../../i18n/locale.ts';
import type { JsonReply } from '../http/admin-import.ts';
import { withParsedBody } from '../http/request-body.ts';
import { getRuntime } from '../runtime.ts';
import type { CommerceDependencies, CommerceRequest } from './commerce-http.ts';

/** Cart and checkout bodies are small: a SKU and a quantity, or the delivery details. */
const maxCommerceBodyBytes = 16 * 1024;

/**
 * The API route of a commerce handler (`/api/cart/items`, `/api/checkout`): the body read by
 * `withParsedBody` (declare `export const config = { api: { bodyParser: false } }`), `?locale=` for the
 * messages, the store of the running storefront.
 */
export function commerceRoute(
  handle: (request: CommerceRequest, dependencies: CommerceDependencies) => Promise<JsonReply>,
) {
  return withParsedBody(
    maxCommerceBodyBytes,
    async (request: NextApiRequest, response: NextApiResponse, body: unknown) => {
      const runtime = getRuntime();
      const locale = request.query['locale'];
      const reply = await handle(
        {
          method: request.method,
          headers: request.headers,
          body,
          locale: isLocale(locale) ? locale : 'en',
        },
        { store: runtime.store, publicOrigin: runtime.publicOrigin },
      );
      sendReply(response, reply);
    },
  );
}

/** Writes a handler's reply: its headers, status and JSON body. */
export function sendReply(response: NextApiResponse, reply: JsonReply): void {
  for (const [name, value] of Object.entries(reply.headers ?? {})) response.setHeader(name, value);
  response.status(reply.status).json(reply.body);
}
