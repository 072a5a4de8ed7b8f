import { catalogueImportRoute } from '../../../../server/admin/catalogue-import-http.ts';

/** The handler streams the body itself: a catalogue of any size is read a record at a time. */
export const config = { api: { bodyParser: false } };

/** POST a catalogue file (JSON or NDJSON; `?replace=1`) from the merchant console. */
export default catalogueImportRoute;
