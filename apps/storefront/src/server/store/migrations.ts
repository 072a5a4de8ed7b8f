import { refreshCategorySummariesSql } from './category-summaries.ts';

/**
 * The storefront store's schema as idempotent SQL (PostgreSQL 15 and PGlite), run at every open.
 * Each entry runs as one multi-statement query, hence one implicit transaction: the advisory lock makes
 * instances that start together on one PostgreSQL server migrate one after the other instead of racing on
 * `CREATE TABLE IF NOT EXISTS`. Add new steps at the end; never edit a step that has shipped.
 */
export const storefrontMigrations: readonly string[] = [
  `
SELECT pg_advisory_xact_lock(7306100);

CREATE TABLE IF NOT EXISTS products (
  id text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL,
  brand text NOT NULL,
  attributes jsonb NOT NULL,
  popularity integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS product_categories (
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position integer NOT NULL,
  path text[] NOT NULL,
  PRIMARY KEY (product_id, position)
);

CREATE TABLE IF NOT EXISTS variants (
  sku text PRIMARY KEY,
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position integer NOT NULL,
  color text,
  size text,
  price_cents integer NOT NULL CONSTRAINT variants_price_cents_check CHECK (price_cents >= 0),
  stock integer NOT NULL CONSTRAINT variants_stock_check CHECK (stock >= 0)
);
CREATE INDEX IF NOT EXISTS variants_product_id_idx ON variants (product_id);

CREATE TABLE IF NOT EXISTS product_images (
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position integer NOT NULL,
  url text NOT NULL,
  color text,
  PRIMARY KEY (product_id, position)
);

CREATE TABLE IF NOT EXISTS product_reviews (
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position integer NOT NULL,
  author text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  rating smallint NOT NULL CONSTRAINT product_reviews_rating_check CHECK (rating BETWEEN 1 AND 5),
  PRIMARY KEY (product_id, position)
);

CREATE TABLE IF NOT EXISTS product_links (
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  kind text NOT NULL CONSTRAINT product_links_kind_check CHECK (kind IN ('related', 'upsell', 'cross_sell')),
  position integer NOT NULL,
  linked_product_id text NOT NULL,
  PRIMARY KEY (product_id, kind, position)
);

CREATE TABLE IF NOT EXISTS carts (
  id text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS cart_items (
  cart_id text NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  sku text NOT NULL REFERENCES variants (sku) ON DELETE CASCADE,
  quantity integer NOT NULL CONSTRAINT cart_items_quantity_check CHECK (quantity > 0),
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (cart_id, sku)
);

CREATE TABLE IF NOT EXISTS orders (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  cart_id text,
  email text NOT NULL,
  status text NOT NULL DEFAULT 'placed',
  currency text NOT NULL DEFAULT 'EUR',
  total_cents integer NOT NULL CONSTRAINT orders_total_cents_check CHECK (total_cents >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS order_items (
  order_id text NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  position integer NOT NULL,
  sku text NOT NULL,
  product_id text NOT NULL,
  name text NOT NULL,
  color text,
  size text,
  unit_price_cents integer NOT NULL CONSTRAINT order_items_unit_price_cents_check CHECK (unit_price_cents >= 0),
  quantity integer NOT NULL CONSTRAINT order_items_quantity_check CHECK (quantity > 0),
  PRIMARY KEY (order_id, position)
);
`,
  `
SELECT pg_advisory_xact_lock(7306100);

ALTER TABLE orders ADD COLUMN IF NOT EXISTS request_hash text NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN IF NOT EXISTS details jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE orders ADD COLUMN IF NOT EXISTS payment_method text NOT NULL DEFAULT 'pay_on_delivery';
`,
  `
SELECT pg_advisory_xact_lock(7306100);

-- Insights: the search (queryID) that led to a cart line travels to its order line; the purchase event is
-- sent once per order (purchase_event_at is set by the first confirmation page that sends it).
ALTER TABLE cart_items ADD COLUMN IF NOT EXISTS query_id text;
ALTER TABLE order_items ADD COLUMN IF NOT EXISTS query_id text;
-- Orders placed before the column existed count as sent (at their creation), so revisiting their confirmation
-- page sends no late purchase event. Only when the column is added: migrations run at every open, and a later
-- backfill would mark the new orders whose confirmation page has not been seen yet.
DO $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'orders' AND column_name = 'purchase_event_at'
  ) THEN
    ALTER TABLE orders ADD COLUMN purchase_event_at timestamptz;
    UPDATE orders SET purchase_event_at = created_at WHERE purchase_event_at IS NULL;
  END IF;
END
$$;
`,
  `
SELECT pg_advisory_xact_lock(7306100);

-- Category summaries (issue #25): the navigation of every page reads these rows instead of aggregating the
-- catalogue. Rebuilt by every catalogue write; filled here once for a store that predates them.
DO $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_name = 'catalogue_state'
  ) THEN
    CREATE TABLE category_summaries (
      path text[] PRIMARY KEY,
      product_count integer NOT NULL,
      image_url text
    );
    CREATE TABLE catalogue_state (
      id boolean PRIMARY KEY DEFAULT true CONSTRAINT catalogue_state_one_row CHECK (id),
      generation bigint NOT NULL DEFAULT 0
    );
    INSERT INTO catalogue_state (id) VALUES (true);
    ${refreshCategorySummariesSql}
  END IF;
END
$$;
`,
  `
SELECT pg_advisory_xact_lock(7306100);

-- Incremental search sync (issue #25): a product's revision grows when its content changes (an import that
-- changes it, an order that takes its stock); indexed_* say what the search index holds of it.
CREATE SEQUENCE IF NOT EXISTS product_revisions;
ALTER TABLE products ADD COLUMN IF NOT EXISTS content_hash text;
ALTER TABLE products ADD COLUMN IF NOT EXISTS revision bigint NOT NULL DEFAULT nextval('product_revisions');
ALTER TABLE products ADD COLUMN IF NOT EXISTS indexed_revision bigint;
ALTER TABLE products ADD COLUMN IF NOT EXISTS indexed_records_hash text;
ALTER TABLE products ADD COLUMN IF NOT EXISTS indexed_object_ids text[];
CREATE INDEX IF NOT EXISTS products_unindexed_idx ON products (id)
  WHERE indexed_revision IS DISTINCT FROM revision;
`,
  `
SELECT pg_advisory_xact_lock(7306100);

-- Products an import removed (\`--replace\`), with the objectIDs the search index held of them: the next sync
-- deletes those records (deleteObjects), then the row.
CREATE TABLE IF NOT EXISTS search_index_removals (
  id bigserial PRIMARY KEY,
  product_id text NOT NULL,
  object_ids text[] NOT NULL
);
`,
  `
SELECT pg_advisory_xact_lock(7306100);

-- Per-language product texts (issue #28): the English name, slug and description stay in products; every
-- other language's are rows here, one slug per language and product. A store from before has none: its
-- products read as English only until an import gives them French texts.
CREATE TABLE IF NOT EXISTS product_texts (
  product_id text NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  language text NOT NULL,
  name text NOT NULL,
  slug text NOT NULL,
  description text NOT NULL,
  PRIMARY KEY (product_id, language),
  CONSTRAINT product_texts_language_slug_key UNIQUE (language, slug)
);
`,
  `
SELECT pg_advisory_xact_lock(7306100);

-- The merchant console's audit log (issue #29, item 4): who changed which rule, synonym or product, when, and
-- the thing before and after (null when it was created or deleted). Rows are only ever added.
CREATE TABLE IF NOT EXISTS console_audit_log (
  id bigserial PRIMARY KEY,
  changed_at timestamptz NOT NULL DEFAULT now(),
  actor text NOT NULL,
  subject_kind text NOT NULL,
  subject_id text NOT NULL,
  action text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX IF NOT EXISTS console_audit_log_changed_at_idx ON console_audit_log (changed_at DESC, id DESC);
`,
  `
SELECT pg_advisory_xact_lock(7306100);

-- Published state (issue #29): an unpublished product stays in the store (and the console) but leaves the
-- search index, category counts and its page. Products stored before are published.
ALTER TABLE products ADD COLUMN IF NOT EXISTS published boolean NOT NULL DEFAULT true;
-- The console's product list (decision 0021): the unpublished products in id order, and the counts of its
-- unfiltered views, kept by every catalogue write so that a page never counts the catalogue.
CREATE INDEX IF NOT EXISTS products_unpublished_idx ON products (id) WHERE NOT published;
CREATE INDEX IF NOT EXISTS products_id_start_idx ON products (lower(id) text_pattern_ops);
CREATE INDEX IF NOT EXISTS variants_sku_start_idx ON variants (lower(sku) text_pattern_ops);
DO $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'catalogue_state' AND column_name = 'product_count'
  ) THEN
    ALTER TABLE catalogue_state ADD COLUMN product_count integer NOT NULL DEFAULT 0;
    ALTER TABLE catalogue_state ADD COLUMN published_count integer NOT NULL DEFAULT 0;
    UPDATE catalogue_state SET product_count = (SELECT count(*) FROM products),
      published_count = (SELECT count(*) FROM products WHERE published);
  END IF;
END
$$;
`,
  `
SELECT pg_advisory_xact_lock(7306100);

-- The console's filtered list at a merchant's size (decision 0027). Whether a product has stock, kept by the
-- writes that change it (an import, an order), so that "out of stock" is read through a partial index.
DO $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'products' AND column_name = 'in_stock'
  ) THEN
    ALTER TABLE products ADD COLUMN in_stock boolean NOT NULL DEFAULT true;
    UPDATE products p SET in_stock = false
    WHERE NOT EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.stock > 0);
  END IF;
END
$$;
CREATE INDEX IF NOT EXISTS products_out_of_stock_idx ON products (id) WHERE NOT in_stock;
-- A category path as the console writes it (\`Men > Tops\`), indexed for "starts with". array_to_string is
-- only STABLE (for arrays of any type); on text[] it is immutable, which lets an index hold it.
CREATE OR REPLACE FUNCTION category_path_text(path text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$ SELECT array_to_string(path, ' > ') $fn$;
CREATE INDEX IF NOT EXISTS product_categories_path_text_idx
  ON product_categories (category_path_text(path) text_pattern_ops);
-- Ids, SKUs and names by any part of them: pg_trgm's GIN indexes serve \`ILIKE '%part%'\`. Without the
-- extension (a PostgreSQL server that lacks it, or a role that may not create it) the same query runs
-- without these indexes: slower at a large catalogue, the same answers. Their pending lists (\`fastupdate\`,
-- which keeps an import's cost near what it was) are merged by the console's search before it reads them:
-- PGlite runs no autovacuum.
DO $$
DECLARE
  trigram_schema text;
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE WARNING 'pg_trgm is not available (%): the console''s catalogue search runs without its indexes', SQLERRM;
  END;
  SELECT n.nspname INTO trigram_schema
  FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF trigram_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX IF NOT EXISTS products_id_trgm_idx ON products USING gin (id %I.gin_trgm_ops)', trigram_schema);
    EXECUTE format('CREATE INDEX IF NOT EXISTS products_name_trgm_idx ON products USING gin (name %I.gin_trgm_ops)', trigram_schema);
    EXECUTE format('CREATE INDEX IF NOT EXISTS product_texts_name_trgm_idx ON product_texts USING gin (name %I.gin_trgm_ops)', trigram_schema);
    EXECUTE format('CREATE INDEX IF NOT EXISTS variants_sku_trgm_idx ON variants USING gin (sku %I.gin_trgm_ops)', trigram_schema);
  END IF;
END
$$;
`,
];
