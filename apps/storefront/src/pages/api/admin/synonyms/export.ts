import { consoleRoute } from '../../../../server/admin/console-route.ts';
import { exportSynonymsHandler } from '../../../../server/admin/synonyms-http.ts';

export const config = { api: { bodyParser: false } };

/** GET: every synonym in Algolia's JSON, as a `synonyms.json` download. */
export default consoleRoute({ GET: exportSynonymsHandler });
