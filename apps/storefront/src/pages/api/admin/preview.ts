import { consoleRoute } from '../../../server/admin/console-route.ts';
import { clearPreviewHandler, previewHandler } from '../../../server/admin/rules-http.ts';

export const config = { api: { bodyParser: false } };

/** POST `{draft, locale}`: the shop's results with the draft applied, for this session only; DELETE: forgets it. */
export default consoleRoute({ POST: previewHandler, DELETE: clearPreviewHandler });
