import { editProductHandler, listProductsHandler } from '../../../server/admin/catalogue-http.ts';
import { consoleRoute } from '../../../server/admin/console-route.ts';

export const config = { api: { bodyParser: false } };

/** GET: the products (`?q=&category=&stock=in|out`); PUT: saves a product's texts, prices and stock. */
export default consoleRoute({ GET: listProductsHandler, PUT: editProductHandler });
