import { consoleRoute } from '../../../../server/admin/console-route.ts';
import { deleteRuleHandler, toggleRuleHandler } from '../../../../server/admin/rules-http.ts';

export const config = { api: { bodyParser: false } };

/** PATCH `{enabled}`: turns a rule on or off; DELETE: removes it. */
export default consoleRoute({ PATCH: toggleRuleHandler, DELETE: deleteRuleHandler });
