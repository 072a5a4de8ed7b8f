import { consoleRoute } from '../../../../server/admin/console-route.ts';
import { importSynonymsHandler } from '../../../../server/admin/synonyms-http.ts';

export const config = { api: { bodyParser: false } };

/** POST `{synonyms: [Algolia JSON…], replace}`: imports a synonyms file (up to 4 MB). */
export default consoleRoute({ POST: importSynonymsHandler }, 4 * 1024 * 1024);
