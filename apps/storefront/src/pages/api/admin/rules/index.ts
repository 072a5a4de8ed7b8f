import { consoleRoute } from '../../../../server/admin/console-route.ts';
import { listRulesHandler, saveRuleHandler } from '../../../../server/admin/rules-http.ts';

export const config = { api: { bodyParser: false } };

/** GET: the rules (`?q=`); POST: saves a rule draft (new without `objectID`). */
export default consoleRoute({ GET: listRulesHandler, POST: saveRuleHandler });
