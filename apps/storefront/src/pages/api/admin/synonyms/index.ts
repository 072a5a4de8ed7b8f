import { consoleRoute } from '../../../../server/admin/console-route.ts';
import { listSynonymsHandler, saveSynonymHandler } from '../../../../server/admin/synonyms-http.ts';

export const config = { api: { bodyParser: false } };

/** GET: the synonyms (`?q=&lang=en|fr|all`); POST: saves one (new without `objectID`). */
export default consoleRoute({ GET: listSynonymsHandler, POST: saveSynonymHandler });
