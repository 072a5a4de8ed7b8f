import { handleCartRequest } from '../../../server/commerce/commerce-http.ts';
import { commerceRoute } from '../../../server/commerce/commerce-route.ts';

/** commerceRoute reads the body: its errors are JSON, like every other answer. */
export const config = { api: { bodyParser: false } };

export default commerceRoute(handleCartRequest);
