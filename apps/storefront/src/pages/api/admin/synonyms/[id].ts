import { consoleRoute } from '../../../../server/admin/console-route.ts';
import { deleteSynonymHandler } from '../../../../server/admin/synonyms-http.ts';

export const config = { api: { bodyParser: false } };

/** DELETE: removes a synonym. */
export default consoleRoute({ DELETE: deleteSynonymHandler });
