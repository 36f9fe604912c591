import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * The initial schema: extensions, every table with its keys, checks and indexes.
 *
 * Conventions (see src/database/naming-strategy.ts and columns.ts):
 * - uuid primary keys from gen_random_uuid(); created_at/updated_at timestamptz on every table;
 * - money is numeric(12,2) (read as strings in TypeScript), shares are numeric(5,4);
 * - enumerations are text columns with a CHECK listing the allowed values; the constraint name ends in
 *   a hash of its expression so that a changed list shows up in `check-migrations`;
 * - every foreign key has an index (a unique constraint whose first column is the key counts).
 *
 * Generated columns are recorded in typeorm_metadata (TypeORM reads their expression from there when it
 * compares entities with the database). Objects TypeORM cannot express (the trigram indexes and the
 * case-insensitive unique kitchen name) are created at the end; the entities declare the trigram ones
 * with `synchronize: false`.
 */

/** Expression of the generated `location` column of consumer_address and pickup_location. */
const ADDRESS_LOCATION = `ST_SetSRID(ST_MakePoint("lng", "lat"), 4326)::geography`;

/** Expression of publisher.search_vector. */
const PUBLISHER_SEARCH =
  `setweight(to_tsvector('simple', coalesce("kitchen_name", '')), 'A') || ` +
  `setweight(to_tsvector('simple', coalesce("brand_display_name", '')), 'A') || ` +
  `setweight(to_tsvector('english', coalesce("speciality", '')), 'B') || ` +
  `setweight(to_tsvector('english', coalesce("profile_description", '')), 'C')`;

/** Expression of item.search_vector. */
const ITEM_SEARCH =
  `setweight(to_tsvector('english', coalesce("name", '')), 'A') || ` +
  `setweight(to_tsvector('english', coalesce("description", '')), 'B') || ` +
  `setweight(to_tsvector('english', coalesce("ingredients", '')), 'C') || ` +
  `setweight(to_tsvector('english', coalesce("health_benefits", '')), 'C')`;

/** [table, column, expression] of every generated column. */
const GENERATED_COLUMNS: ReadonlyArray<readonly [string, string, string]> = [
  ['consumer_address', 'location', ADDRESS_LOCATION],
  ['pickup_location', 'location', ADDRESS_LOCATION],
  ['publisher', 'search_vector', PUBLISHER_SEARCH],
  ['item', 'search_vector', ITEM_SEARCH],
];

const TABLES: readonly string[] = [
  // consumer
  `CREATE TABLE "consumer" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "keycloak_id" text NOT NULL,
      "name" text,
      "user_name" text,
      "user_email" text,
      "roles" text[] NOT NULL DEFAULT '{}',
      "status" text NOT NULL DEFAULT 'ACTIVE',
      "disabled_reason" text,
      "contact_details" jsonb,
      "country" text,
      "chef_country" text,
      "time_zone" text,
      "last_login_at" timestamptz,
      CONSTRAINT "pk_consumer" PRIMARY KEY ("id"),
      CONSTRAINT "uq_consumer_keycloak_id" UNIQUE ("keycloak_id"),
      CONSTRAINT "chk_consumer_status_4b67d2f7" CHECK ("status" IN ('ACTIVE', 'DISABLED'))
    )`,
  // publisher
  `CREATE TABLE "publisher" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "consumer_id" uuid NOT NULL,
      "user_name" text,
      "user_email" text,
      "kitchen_name" text NOT NULL,
      "brand_display_name" text,
      "brand_type" text NOT NULL DEFAULT 'HOME_KITCHEN',
      "status" text NOT NULL DEFAULT 'PENDING',
      "status_review_comments" text,
      "role" text,
      "rating_value" numeric(3,2) NOT NULL DEFAULT 5,
      "rating_count" integer NOT NULL DEFAULT 1,
      "speciality" text,
      "profile_description" text,
      "profile_pic_location" text,
      "logo" text,
      "kitchen_pictures" text[] NOT NULL DEFAULT '{}',
      "identity_pictures" text[] NOT NULL DEFAULT '{}',
      "licenses_and_certifications" text[] NOT NULL DEFAULT '{}',
      "phone_country_code" text,
      "phone_number" text,
      "full_phone_number" text,
      "whatsapp_country_code" text,
      "whatsapp_number" text,
      "full_whatsapp_number" text,
      "accept_agreement" boolean NOT NULL DEFAULT false,
      "orders_served" integer NOT NULL DEFAULT 0,
      "currency_code" varchar(3) NOT NULL DEFAULT 'USD',
      "time_zone_id" text,
      "time_zone_name" text,
      "raw_offset" integer,
      "dst_offset" integer,
      "geo_location" geography(Point,4326),
      "search_vector" tsvector GENERATED ALWAYS AS (${PUBLISHER_SEARCH}) STORED NOT NULL,
      CONSTRAINT "pk_publisher" PRIMARY KEY ("id"),
      CONSTRAINT "uq_publisher_consumer_id" UNIQUE ("consumer_id"),
      CONSTRAINT "chk_publisher_brand_type_2d35526f" CHECK ("brand_type" IN ('HOME_KITCHEN', 'STORE', 'MART')),
      CONSTRAINT "chk_publisher_rating_count_90155e98" CHECK ("rating_count" >= 0),
      CONSTRAINT "chk_publisher_role_05f8c5e3" CHECK ("role" IN ('ROLE_USER', 'ROLE_CHEF', 'ROLE_ADMIN')),
      CONSTRAINT "chk_publisher_status_d441b239" CHECK ("status" IN ('PENDING', 'APPROVED', 'BLOCKED')),
      CONSTRAINT "fk_publisher_consumer_id" FOREIGN KEY ("consumer_id") REFERENCES "consumer" ("id") ON DELETE RESTRICT
    )`,
  `CREATE INDEX "idx_publisher_status" ON "publisher" ("status")`,
  `CREATE INDEX "idx_publisher_geo_location" ON "publisher" USING gist ("geo_location")`,
  `CREATE INDEX "idx_publisher_search_vector" ON "publisher" USING gin ("search_vector")`,
  // pickup_location
  `CREATE TABLE "pickup_location" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "publisher_id" uuid NOT NULL,
      "is_primary" boolean NOT NULL DEFAULT false,
      "name" text NOT NULL DEFAULT 'Home',
      "address" text,
      "address_line1" text,
      "address_line2" text,
      "city" text,
      "state" text,
      "country" text NOT NULL DEFAULT 'United States',
      "locality" text,
      "district" text,
      "zipcode" text,
      "location_type" text NOT NULL DEFAULT '',
      "delivery_note" text,
      "lat" numeric(9,6),
      "lng" numeric(9,6),
      "location" geography(Point,4326) GENERATED ALWAYS AS (${ADDRESS_LOCATION}) STORED,
      "is_under_use" boolean NOT NULL DEFAULT false,
      CONSTRAINT "pk_pickup_location" PRIMARY KEY ("id"),
      CONSTRAINT "chk_pickup_location_location_type_9d59bcc8" CHECK ("location_type" IN ('RESIDENTIAL', 'BUSINESS', 'APARTMENT', '')),
      CONSTRAINT "fk_pickup_location_publisher_id" FOREIGN KEY ("publisher_id") REFERENCES "publisher" ("id") ON DELETE CASCADE
    )`,
  `CREATE INDEX "idx_pickup_location_publisher_id" ON "pickup_location" ("publisher_id")`,
  `CREATE UNIQUE INDEX "uq_pickup_location_primary" ON "pickup_location" ("publisher_id") WHERE "is_primary"`,
  `CREATE INDEX "idx_pickup_location_location" ON "pickup_location" USING gist ("location")`,
  // consumer_address
  `CREATE TABLE "consumer_address" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "consumer_id" uuid NOT NULL,
      "name" text NOT NULL DEFAULT 'Home',
      "address" text,
      "address_line1" text,
      "address_line2" text,
      "city" text,
      "state" text,
      "country" text NOT NULL DEFAULT 'United States',
      "locality" text,
      "district" text,
      "zipcode" text,
      "location_type" text NOT NULL DEFAULT '',
      "delivery_note" text,
      "lat" numeric(9,6),
      "lng" numeric(9,6),
      "location" geography(Point,4326) GENERATED ALWAYS AS (${ADDRESS_LOCATION}) STORED,
      "is_under_use" boolean NOT NULL DEFAULT false,
      CONSTRAINT "pk_consumer_address" PRIMARY KEY ("id"),
      CONSTRAINT "chk_consumer_address_location_type_9d59bcc8" CHECK ("location_type" IN ('RESIDENTIAL', 'BUSINESS', 'APARTMENT', '')),
      CONSTRAINT "fk_consumer_address_consumer_id" FOREIGN KEY ("consumer_id") REFERENCES "consumer" ("id") ON DELETE CASCADE
    )`,
  `CREATE INDEX "idx_consumer_address_consumer_id" ON "consumer_address" ("consumer_id")`,
  `CREATE INDEX "idx_consumer_address_location" ON "consumer_address" USING gist ("location")`,
  // consumer_favourite_chef
  `CREATE TABLE "consumer_favourite_chef" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "consumer_id" uuid NOT NULL,
      "publisher_id" uuid NOT NULL,
      CONSTRAINT "pk_consumer_favourite_chef" PRIMARY KEY ("id"),
      CONSTRAINT "uq_consumer_favourite_chef_consumer_id_publisher_id" UNIQUE ("consumer_id", "publisher_id"),
      CONSTRAINT "fk_consumer_favourite_chef_consumer_id" FOREIGN KEY ("consumer_id") REFERENCES "consumer" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_consumer_favourite_chef_publisher_id" FOREIGN KEY ("publisher_id") REFERENCES "publisher" ("id") ON DELETE CASCADE
    )`,
  `CREATE INDEX "idx_consumer_favourite_chef_publisher_id" ON "consumer_favourite_chef" ("publisher_id")`,
  // login_session
  `CREATE TABLE "login_session" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "id_hash" text NOT NULL,
      "consumer_id" uuid NOT NULL,
      "id_token" text,
      "access_token" text NOT NULL,
      "refresh_token" text,
      "access_token_expires_at" timestamptz NOT NULL,
      "last_seen_at" timestamptz NOT NULL DEFAULT now(),
      "expires_at" timestamptz NOT NULL,
      "registration_pending" boolean NOT NULL DEFAULT false,
      CONSTRAINT "pk_login_session" PRIMARY KEY ("id"),
      CONSTRAINT "uq_login_session_id_hash" UNIQUE ("id_hash"),
      CONSTRAINT "fk_login_session_consumer_id" FOREIGN KEY ("consumer_id") REFERENCES "consumer" ("id") ON DELETE CASCADE
    )`,
  `CREATE INDEX "idx_login_session_consumer_id" ON "login_session" ("consumer_id")`,
  `CREATE INDEX "idx_login_session_expires_at" ON "login_session" ("expires_at")`,
  // item
  `CREATE TABLE "item" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "publisher_id" uuid NOT NULL,
      "name" text NOT NULL,
      "description" text,
      "ingredients" text,
      "organic_ingredients" text,
      "side_effects" text,
      "health_benefits" text,
      "search_tags" text[] NOT NULL DEFAULT '{}',
      "medical_friendly" text[] NOT NULL DEFAULT '{"General Wellness"}',
      "food_types" text[] NOT NULL DEFAULT '{VEG,ORGANIC}',
      "delivery_time_slots" text[] NOT NULL DEFAULT '{PM_5_7}',
      "delivery_options" text[] NOT NULL DEFAULT '{PICKUP,DELIVERY}',
      "best_before" integer NOT NULL DEFAULT 3,
      "serves" integer NOT NULL DEFAULT 3,
      "max_allowed_orders" integer NOT NULL DEFAULT 10,
      "delivery_fees" numeric(12,2) NOT NULL DEFAULT 0,
      "delivery_minimum_amount" numeric(12,2) NOT NULL DEFAULT 0,
      "zipcodes_served" text[] NOT NULL DEFAULT '{}',
      "pictures" text[] NOT NULL DEFAULT '{}',
      "block_image" boolean NOT NULL DEFAULT false,
      "item_status" text NOT NULL DEFAULT 'ACTIVE',
      "is_chef_blocked" boolean NOT NULL DEFAULT false,
      "order_count" integer NOT NULL DEFAULT 0,
      "location" geography(Point,4326),
      "search_vector" tsvector GENERATED ALWAYS AS (${ITEM_SEARCH}) STORED NOT NULL,
      CONSTRAINT "pk_item" PRIMARY KEY ("id"),
      CONSTRAINT "chk_item_item_status_580ce45e" CHECK ("item_status" IN ('ACTIVE', 'HIDDEN', 'SOLD_OUT', 'DELETED')),
      CONSTRAINT "chk_item_max_allowed_orders_9d93f13b" CHECK ("max_allowed_orders" >= 0),
      CONSTRAINT "fk_item_publisher_id" FOREIGN KEY ("publisher_id") REFERENCES "publisher" ("id") ON DELETE CASCADE
    )`,
  `CREATE INDEX "idx_item_publisher_id" ON "item" ("publisher_id")`,
  `CREATE INDEX "idx_item_item_status" ON "item" ("item_status")`,
  `CREATE INDEX "idx_item_location" ON "item" USING gist ("location")`,
  `CREATE INDEX "idx_item_search_vector" ON "item" USING gin ("search_vector")`,
  // item_pricing_option
  `CREATE TABLE "item_pricing_option" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "item_id" uuid NOT NULL,
      "measurement" text NOT NULL DEFAULT 'Kgs',
      "quantity" numeric(10,2) NOT NULL DEFAULT 1,
      "chef_price" numeric(12,2) NOT NULL DEFAULT 8.99,
      "serves" integer NOT NULL DEFAULT 3,
      "position" integer NOT NULL DEFAULT 0,
      CONSTRAINT "pk_item_pricing_option" PRIMARY KEY ("id"),
      CONSTRAINT "chk_item_pricing_option_chef_price_0e04d7dc" CHECK ("chef_price" >= 0),
      CONSTRAINT "chk_item_pricing_option_quantity_900dc20a" CHECK ("quantity" > 0),
      CONSTRAINT "fk_item_pricing_option_item_id" FOREIGN KEY ("item_id") REFERENCES "item" ("id") ON DELETE CASCADE
    )`,
  `CREATE INDEX "idx_item_pricing_option_item_id" ON "item_pricing_option" ("item_id")`,
  // item_nutrition
  `CREATE TABLE "item_nutrition" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "item_id" uuid NOT NULL,
      "calories" numeric(10,2) NOT NULL DEFAULT 0,
      "calories_percent" numeric(10,2) NOT NULL DEFAULT 0,
      "total_fat" numeric(10,2) NOT NULL DEFAULT 0,
      "total_fat_percent" numeric(10,2) NOT NULL DEFAULT 0,
      "saturated_fat" numeric(10,2) NOT NULL DEFAULT 0,
      "saturated_fat_percent" numeric(10,2) NOT NULL DEFAULT 0,
      "trans_fat" numeric(10,2) NOT NULL DEFAULT 0,
      "trans_fat_percent" numeric(10,2) NOT NULL DEFAULT 0,
      "cholesterol" numeric(10,2) NOT NULL DEFAULT 0,
      "cholesterol_percent" numeric(10,2) NOT NULL DEFAULT 0,
      "sodium" numeric(10,2) NOT NULL DEFAULT 0,
      "sodium_percent" numeric(10,2) NOT NULL DEFAULT 0,
      "dietary_fiber" numeric(10,2) NOT NULL DEFAULT 0,
      "dietary_fiber_percent" numeric(10,2) NOT NULL DEFAULT 0,
      "sugar" numeric(10,2) NOT NULL DEFAULT 0,
      "sugar_percent" numeric(10,2) NOT NULL DEFAULT 0,
      "protein" numeric(10,2) NOT NULL DEFAULT 0,
      "protein_percent" numeric(10,2) NOT NULL DEFAULT 0,
      "calcium" numeric(10,2) NOT NULL DEFAULT 0,
      "calcium_percent" numeric(10,2) NOT NULL DEFAULT 0,
      "carbohydrates" numeric(10,2) NOT NULL DEFAULT 0,
      "carbohydrates_percent" numeric(10,2) NOT NULL DEFAULT 0,
      "iron" numeric(10,2) NOT NULL DEFAULT 0,
      "iron_percent" numeric(10,2) NOT NULL DEFAULT 0,
      "potassium" numeric(10,2) NOT NULL DEFAULT 0,
      "potassium_percent" numeric(10,2) NOT NULL DEFAULT 0,
      "serving_size" numeric(10,2) NOT NULL DEFAULT 0,
      "serving_size_percent" numeric(10,2) NOT NULL DEFAULT 0,
      "vitamin_d" numeric(10,2) NOT NULL DEFAULT 0,
      "vitamin_d_percent" numeric(10,2) NOT NULL DEFAULT 0,
      CONSTRAINT "pk_item_nutrition" PRIMARY KEY ("id"),
      CONSTRAINT "uq_item_nutrition_item_id" UNIQUE ("item_id"),
      CONSTRAINT "fk_item_nutrition_item_id" FOREIGN KEY ("item_id") REFERENCES "item" ("id") ON DELETE CASCADE
    )`,
  // item_date_capacity
  `CREATE TABLE "item_date_capacity" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "item_id" uuid NOT NULL,
      "date" date NOT NULL,
      "ordered_count" integer NOT NULL DEFAULT 0,
      "max_allowed" integer NOT NULL,
      CONSTRAINT "pk_item_date_capacity" PRIMARY KEY ("id"),
      CONSTRAINT "uq_item_date_capacity_item_id_date" UNIQUE ("item_id", "date"),
      CONSTRAINT "chk_item_date_capacity_ordered_count_3b0c19f5" CHECK ("ordered_count" >= 0),
      CONSTRAINT "chk_item_date_capacity_ordered_count_b75ba9e3" CHECK ("ordered_count" <= "max_allowed"),
      CONSTRAINT "fk_item_date_capacity_item_id" FOREIGN KEY ("item_id") REFERENCES "item" ("id") ON DELETE CASCADE
    )`,
  // menu
  `CREATE TABLE "menu" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "publisher_id" uuid NOT NULL,
      "name" text NOT NULL,
      "description" text,
      "status" text NOT NULL DEFAULT 'DRAFT',
      "menu_type" text NOT NULL DEFAULT 'ONETIME',
      "occurrence" text NOT NULL DEFAULT 'days',
      "repeats_every" integer NOT NULL DEFAULT 1,
      "repeats_on" text[] NOT NULL DEFAULT '{}',
      "month_repeats_on" text,
      "ends_on_or_after" text NOT NULL DEFAULT 'After',
      "ends_after_occurrences" integer NOT NULL DEFAULT 3,
      "ends_on_date" date,
      "auto_extend" boolean NOT NULL DEFAULT false,
      "time_zone" text,
      "delivery_date" date,
      "end_date_time" timestamptz,
      "event_date" date,
      "event_time" time,
      "stop_orders_type" text,
      "stop_orders_by_days_or_hours" integer,
      "catering_enabled" boolean NOT NULL DEFAULT false,
      "stop_orders_type_for_catering" text NOT NULL DEFAULT 'Days',
      "stop_orders_by_days_or_hours_for_catering" integer NOT NULL DEFAULT 2,
      "delivery_radius" numeric(8,2),
      "delivery_measurement" text,
      "delivery_fees" numeric(12,2),
      "delivery_zip_codes" text[] NOT NULL DEFAULT '{}',
      "delivery_order_minimum_amount" numeric(12,2) NOT NULL DEFAULT 0,
      "associated_address_id" uuid,
      "country_name" text,
      "receipts" text[] NOT NULL DEFAULT '{}',
      "draft_created_date" timestamptz,
      "draft_modified_date" timestamptz,
      CONSTRAINT "pk_menu" PRIMARY KEY ("id"),
      CONSTRAINT "chk_menu_delivery_measurement_a75913af" CHECK ("delivery_measurement" IN ('miles', 'km')),
      CONSTRAINT "chk_menu_ends_on_or_after_496469eb" CHECK ("ends_on_or_after" IN ('After', 'On')),
      CONSTRAINT "chk_menu_menu_type_26109934" CHECK ("menu_type" IN ('RECURRING', 'ONETIME')),
      CONSTRAINT "chk_menu_occurrence_332cb9e7" CHECK ("occurrence" IN ('days', 'weeks', 'months', 'onetime')),
      CONSTRAINT "chk_menu_repeats_every_8328ce4c" CHECK ("repeats_every" >= 1),
      CONSTRAINT "chk_menu_status_2a2ddabf" CHECK ("status" IN ('PUBLISHED', 'DRAFT', 'PAUSE', 'DELETED')),
      CONSTRAINT "chk_menu_stop_orders_type_cb9477c6" CHECK ("stop_orders_type" IN ('Hours', 'Days')),
      CONSTRAINT "chk_menu_stop_orders_type_for_catering_e1d2418a" CHECK ("stop_orders_type_for_catering" IN ('Hours', 'Days')),
      CONSTRAINT "fk_menu_publisher_id" FOREIGN KEY ("publisher_id") REFERENCES "publisher" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_menu_associated_address_id" FOREIGN KEY ("associated_address_id") REFERENCES "pickup_location" ("id") ON DELETE SET NULL
    )`,
  `CREATE INDEX "idx_menu_publisher_id" ON "menu" ("publisher_id")`,
  `CREATE INDEX "idx_menu_status" ON "menu" ("status")`,
  `CREATE INDEX "idx_menu_associated_address_id" ON "menu" ("associated_address_id")`,
  // menu_item
  `CREATE TABLE "menu_item" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "menu_id" uuid NOT NULL,
      "item_id" uuid NOT NULL,
      "position" integer NOT NULL DEFAULT 0,
      CONSTRAINT "pk_menu_item" PRIMARY KEY ("id"),
      CONSTRAINT "uq_menu_item_menu_id_item_id" UNIQUE ("menu_id", "item_id"),
      CONSTRAINT "fk_menu_item_menu_id" FOREIGN KEY ("menu_id") REFERENCES "menu" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_menu_item_item_id" FOREIGN KEY ("item_id") REFERENCES "item" ("id") ON DELETE CASCADE
    )`,
  `CREATE INDEX "idx_menu_item_item_id" ON "menu_item" ("item_id")`,
  // menu_date
  `CREATE TABLE "menu_date" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "menu_id" uuid NOT NULL,
      "date" date NOT NULL,
      "time_slots" text[] NOT NULL DEFAULT '{}',
      "starts_at" timestamptz NOT NULL,
      "cutoff_at" timestamptz NOT NULL,
      "is_deleted" boolean NOT NULL DEFAULT false,
      CONSTRAINT "pk_menu_date" PRIMARY KEY ("id"),
      CONSTRAINT "uq_menu_date_menu_id_date" UNIQUE ("menu_id", "date"),
      CONSTRAINT "fk_menu_date_menu_id" FOREIGN KEY ("menu_id") REFERENCES "menu" ("id") ON DELETE CASCADE
    )`,
  `CREATE INDEX "idx_menu_date_date" ON "menu_date" ("date")`,
  // menu_history
  `CREATE TABLE "menu_history" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "menu_id" uuid NOT NULL,
      "event" text NOT NULL,
      "actor_id" uuid,
      "details" jsonb NOT NULL DEFAULT '{}',
      "at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "pk_menu_history" PRIMARY KEY ("id"),
      CONSTRAINT "chk_menu_history_event_7b7aa819" CHECK ("event" IN ('ITEM_ADDED', 'EDITED', 'RESUMED', 'PAUSE', 'DELETE')),
      CONSTRAINT "fk_menu_history_menu_id" FOREIGN KEY ("menu_id") REFERENCES "menu" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_menu_history_actor_id" FOREIGN KEY ("actor_id") REFERENCES "consumer" ("id") ON DELETE SET NULL
    )`,
  `CREATE INDEX "idx_menu_history_menu_id" ON "menu_history" ("menu_id")`,
  `CREATE INDEX "idx_menu_history_actor_id" ON "menu_history" ("actor_id")`,
  // cart
  `CREATE TABLE "cart" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "consumer_id" uuid,
      "guest_token" text,
      CONSTRAINT "pk_cart" PRIMARY KEY ("id"),
      CONSTRAINT "uq_cart_consumer_id" UNIQUE ("consumer_id"),
      CONSTRAINT "uq_cart_guest_token" UNIQUE ("guest_token"),
      CONSTRAINT "chk_cart_consumer_id_2a8986b4" CHECK ("consumer_id" IS NOT NULL OR "guest_token" IS NOT NULL),
      CONSTRAINT "fk_cart_consumer_id" FOREIGN KEY ("consumer_id") REFERENCES "consumer" ("id") ON DELETE CASCADE
    )`,
  // cart_item
  `CREATE TABLE "cart_item" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "cart_id" uuid NOT NULL,
      "item_id" uuid NOT NULL,
      "pricing_option_id" uuid,
      "selected_pricing_option" jsonb,
      "order_quantity" integer NOT NULL DEFAULT 1,
      "is_catering_item" boolean NOT NULL DEFAULT false,
      "temp_id" text,
      CONSTRAINT "pk_cart_item" PRIMARY KEY ("id"),
      CONSTRAINT "chk_cart_item_order_quantity_b70a713e" CHECK ("order_quantity" >= 1),
      CONSTRAINT "fk_cart_item_cart_id" FOREIGN KEY ("cart_id") REFERENCES "cart" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_cart_item_item_id" FOREIGN KEY ("item_id") REFERENCES "item" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_cart_item_pricing_option_id" FOREIGN KEY ("pricing_option_id") REFERENCES "item_pricing_option" ("id") ON DELETE SET NULL
    )`,
  `CREATE INDEX "idx_cart_item_cart_id" ON "cart_item" ("cart_id")`,
  `CREATE INDEX "idx_cart_item_item_id" ON "cart_item" ("item_id")`,
  `CREATE INDEX "idx_cart_item_pricing_option_id" ON "cart_item" ("pricing_option_id")`,
  // cart_item_date
  `CREATE TABLE "cart_item_date" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "cart_item_id" uuid NOT NULL,
      "date" date NOT NULL,
      "time_slots" text[] NOT NULL DEFAULT '{}',
      "delivery_option" text NOT NULL DEFAULT 'DELIVERY',
      "pickup_location_id" uuid,
      CONSTRAINT "pk_cart_item_date" PRIMARY KEY ("id"),
      CONSTRAINT "uq_cart_item_date_cart_item_id_date" UNIQUE ("cart_item_id", "date"),
      CONSTRAINT "chk_cart_item_date_delivery_option_ba226f53" CHECK ("delivery_option" IN ('PICKUP', 'DELIVERY')),
      CONSTRAINT "fk_cart_item_date_cart_item_id" FOREIGN KEY ("cart_item_id") REFERENCES "cart_item" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_cart_item_date_pickup_location_id" FOREIGN KEY ("pickup_location_id") REFERENCES "pickup_location" ("id") ON DELETE SET NULL
    )`,
  `CREATE INDEX "idx_cart_item_date_pickup_location_id" ON "cart_item_date" ("pickup_location_id")`,
  // customer_order
  `CREATE TABLE "customer_order" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "order_number" text NOT NULL,
      "consumer_id" uuid NOT NULL,
      "order_total" numeric(12,2) NOT NULL,
      "currency_code" varchar(3) NOT NULL,
      "ordered_date" timestamptz NOT NULL DEFAULT now(),
      "contact_details" jsonb,
      "location_details" jsonb,
      "order_status" text NOT NULL DEFAULT 'PLACED',
      "note" text,
      "idempotency_key" text NOT NULL,
      CONSTRAINT "pk_customer_order" PRIMARY KEY ("id"),
      CONSTRAINT "uq_customer_order_idempotency_key" UNIQUE ("idempotency_key"),
      CONSTRAINT "uq_customer_order_order_number" UNIQUE ("order_number"),
      CONSTRAINT "chk_customer_order_order_status_e75f899a" CHECK ("order_status" IN ('PLACED', 'CONFIRMED', 'SHOPPING_COMPLETED', 'IN_PREPARATION', 'PICKUP_READY', 'IN_DELIVERY_TRANSIT', 'SHIPPED', 'DELIVERED', 'CANCELLED')),
      CONSTRAINT "fk_customer_order_consumer_id" FOREIGN KEY ("consumer_id") REFERENCES "consumer" ("id") ON DELETE RESTRICT
    )`,
  `CREATE INDEX "idx_customer_order_consumer_id" ON "customer_order" ("consumer_id")`,
  `CREATE INDEX "idx_customer_order_ordered_date" ON "customer_order" ("ordered_date")`,
  // ordered_cart_item
  `CREATE TABLE "ordered_cart_item" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "order_id" uuid NOT NULL,
      "item_id" uuid,
      "publisher_id" uuid NOT NULL,
      "item_name" text NOT NULL,
      "pricing_option" jsonb NOT NULL,
      "unit_price" numeric(12,2) NOT NULL,
      "order_quantity" integer NOT NULL DEFAULT 1,
      "item_total" numeric(12,2) NOT NULL,
      "item_price_per_date" numeric(12,2) NOT NULL,
      "net_amount_per_date" numeric(12,2) NOT NULL,
      "distributed_fees" numeric(12,2) NOT NULL DEFAULT 0,
      "net_amount" numeric(12,2) NOT NULL,
      "vs_fees" numeric(5,4) NOT NULL DEFAULT 0.2,
      "is_catering_item" boolean NOT NULL DEFAULT false,
      "receipts" text[] NOT NULL DEFAULT '{}',
      CONSTRAINT "pk_ordered_cart_item" PRIMARY KEY ("id"),
      CONSTRAINT "chk_ordered_cart_item_order_quantity_b70a713e" CHECK ("order_quantity" >= 1),
      CONSTRAINT "fk_ordered_cart_item_order_id" FOREIGN KEY ("order_id") REFERENCES "customer_order" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_ordered_cart_item_item_id" FOREIGN KEY ("item_id") REFERENCES "item" ("id") ON DELETE SET NULL,
      CONSTRAINT "fk_ordered_cart_item_publisher_id" FOREIGN KEY ("publisher_id") REFERENCES "publisher" ("id") ON DELETE RESTRICT
    )`,
  `CREATE INDEX "idx_ordered_cart_item_order_id" ON "ordered_cart_item" ("order_id")`,
  `CREATE INDEX "idx_ordered_cart_item_item_id" ON "ordered_cart_item" ("item_id")`,
  `CREATE INDEX "idx_ordered_cart_item_publisher_id" ON "ordered_cart_item" ("publisher_id")`,
  // order_date_selection
  `CREATE TABLE "order_date_selection" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "ordered_cart_item_id" uuid NOT NULL,
      "date" date NOT NULL,
      "time_slots" text[] NOT NULL DEFAULT '{}',
      "order_status" text NOT NULL DEFAULT 'PLACED',
      "payment_status" text NOT NULL DEFAULT 'INITIATED',
      "delivery_option" text NOT NULL DEFAULT 'DELIVERY',
      "payout_refund_status" text NOT NULL DEFAULT 'DEFAULT',
      "payout_refund_amount" numeric(12,2),
      "pickup_location" jsonb,
      CONSTRAINT "pk_order_date_selection" PRIMARY KEY ("id"),
      CONSTRAINT "chk_order_date_selection_delivery_option_ba226f53" CHECK ("delivery_option" IN ('PICKUP', 'DELIVERY')),
      CONSTRAINT "chk_order_date_selection_order_status_e75f899a" CHECK ("order_status" IN ('PLACED', 'CONFIRMED', 'SHOPPING_COMPLETED', 'IN_PREPARATION', 'PICKUP_READY', 'IN_DELIVERY_TRANSIT', 'SHIPPED', 'DELIVERED', 'CANCELLED')),
      CONSTRAINT "chk_order_date_selection_payment_status_11767b97" CHECK ("payment_status" IN ('INITIATED', 'CREATED', 'COMPLETED')),
      CONSTRAINT "chk_order_date_selection_payout_refund_status_9f94b50e" CHECK ("payout_refund_status" IN ('DEFAULT', 'DRAFTED', 'COMPLETED', 'FAILED', 'REFUNDED')),
      CONSTRAINT "fk_order_date_selection_ordered_cart_item_id" FOREIGN KEY ("ordered_cart_item_id") REFERENCES "ordered_cart_item" ("id") ON DELETE CASCADE
    )`,
  `CREATE INDEX "idx_order_date_selection_ordered_cart_item_id" ON "order_date_selection" ("ordered_cart_item_id")`,
  `CREATE INDEX "idx_order_date_selection_date" ON "order_date_selection" ("date")`,
  `CREATE INDEX "idx_order_date_selection_order_status" ON "order_date_selection" ("order_status")`,
  // payment_details
  `CREATE TABLE "payment_details" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "order_id" uuid NOT NULL,
      "payment_method" text NOT NULL,
      "payment_details_generic_id" text,
      "is_payment_completed" boolean NOT NULL DEFAULT false,
      "payment_completed_time" timestamptz,
      "additional_details" jsonb,
      "transaction_fees" numeric(12,2) NOT NULL DEFAULT 0,
      "gross_amount" numeric(12,2) NOT NULL,
      "net_amount" numeric(12,2) NOT NULL,
      "currency_code" varchar(3) NOT NULL,
      "vs_fees" numeric(12,2) NOT NULL DEFAULT 0,
      "vs_net" numeric(12,2) NOT NULL DEFAULT 0,
      CONSTRAINT "pk_payment_details" PRIMARY KEY ("id"),
      CONSTRAINT "uq_payment_details_order_id" UNIQUE ("order_id"),
      CONSTRAINT "chk_payment_details_payment_method_498dd96b" CHECK ("payment_method" IN ('PAYTM', 'PAYPAL', 'GOOGLE', 'STRIPE_CARD', 'CASH_FREE', 'CASH_ON_PICKUP_DELIVERY')),
      CONSTRAINT "fk_payment_details_order_id" FOREIGN KEY ("order_id") REFERENCES "customer_order" ("id") ON DELETE CASCADE
    )`,
  // order_message
  `CREATE TABLE "order_message" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "order_id" uuid NOT NULL,
      "ordered_cart_item_id" uuid,
      "order_date_selection_id" uuid,
      "sender_id" uuid,
      "message" text NOT NULL,
      CONSTRAINT "pk_order_message" PRIMARY KEY ("id"),
      CONSTRAINT "fk_order_message_order_id" FOREIGN KEY ("order_id") REFERENCES "customer_order" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_order_message_ordered_cart_item_id" FOREIGN KEY ("ordered_cart_item_id") REFERENCES "ordered_cart_item" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_order_message_order_date_selection_id" FOREIGN KEY ("order_date_selection_id") REFERENCES "order_date_selection" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_order_message_sender_id" FOREIGN KEY ("sender_id") REFERENCES "consumer" ("id") ON DELETE SET NULL
    )`,
  `CREATE INDEX "idx_order_message_order_id" ON "order_message" ("order_id")`,
  `CREATE INDEX "idx_order_message_ordered_cart_item_id" ON "order_message" ("ordered_cart_item_id")`,
  `CREATE INDEX "idx_order_message_order_date_selection_id" ON "order_message" ("order_date_selection_id")`,
  `CREATE INDEX "idx_order_message_sender_id" ON "order_message" ("sender_id")`,
  // order_status_change
  `CREATE TABLE "order_status_change" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "order_id" uuid NOT NULL,
      "ordered_cart_item_id" uuid,
      "item_id" uuid,
      "order_date_selection_id" uuid,
      "life_cycle_status" text NOT NULL,
      "reason" text,
      "actor_id" uuid,
      "at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "pk_order_status_change" PRIMARY KEY ("id"),
      CONSTRAINT "chk_order_status_change_life_cycle_status_17a1283d" CHECK ("life_cycle_status" IN ('PLACED', 'CONFIRMED', 'SHOPPING_COMPLETED', 'IN_PREPARATION', 'PICKUP_READY', 'IN_DELIVERY_TRANSIT', 'SHIPPED', 'DELIVERED', 'CANCELLED')),
      CONSTRAINT "fk_order_status_change_order_id" FOREIGN KEY ("order_id") REFERENCES "customer_order" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_order_status_change_ordered_cart_item_id" FOREIGN KEY ("ordered_cart_item_id") REFERENCES "ordered_cart_item" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_order_status_change_item_id" FOREIGN KEY ("item_id") REFERENCES "item" ("id") ON DELETE SET NULL,
      CONSTRAINT "fk_order_status_change_order_date_selection_id" FOREIGN KEY ("order_date_selection_id") REFERENCES "order_date_selection" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_order_status_change_actor_id" FOREIGN KEY ("actor_id") REFERENCES "consumer" ("id") ON DELETE SET NULL
    )`,
  `CREATE INDEX "idx_order_status_change_order_id" ON "order_status_change" ("order_id")`,
  `CREATE INDEX "idx_order_status_change_ordered_cart_item_id" ON "order_status_change" ("ordered_cart_item_id")`,
  `CREATE INDEX "idx_order_status_change_item_id" ON "order_status_change" ("item_id")`,
  `CREATE INDEX "idx_order_status_change_order_date_selection_id" ON "order_status_change" ("order_date_selection_id")`,
  `CREATE INDEX "idx_order_status_change_actor_id" ON "order_status_change" ("actor_id")`,
  // payment_event
  `CREATE TABLE "payment_event" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "gateway" text NOT NULL,
      "event_id" text NOT NULL,
      "type" text NOT NULL,
      "payload" jsonb NOT NULL,
      "status" text NOT NULL DEFAULT 'RECEIVED',
      "error" text,
      "attempts" integer NOT NULL DEFAULT 0,
      "order_id" uuid,
      "received_at" timestamptz NOT NULL DEFAULT now(),
      "applied_at" timestamptz,
      CONSTRAINT "pk_payment_event" PRIMARY KEY ("id"),
      CONSTRAINT "uq_payment_event_gateway_event_id" UNIQUE ("gateway", "event_id"),
      CONSTRAINT "chk_payment_event_gateway_de74806b" CHECK ("gateway" IN ('stripe', 'paypal', 'cash-free', 'cash')),
      CONSTRAINT "chk_payment_event_status_58574a4f" CHECK ("status" IN ('RECEIVED', 'APPLIED', 'FAILED')),
      CONSTRAINT "fk_payment_event_order_id" FOREIGN KEY ("order_id") REFERENCES "customer_order" ("id") ON DELETE SET NULL
    )`,
  `CREATE INDEX "idx_payment_event_status" ON "payment_event" ("status")`,
  `CREATE INDEX "idx_payment_event_order_id" ON "payment_event" ("order_id")`,
  // rating
  `CREATE TABLE "rating" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "rated_by_id" uuid NOT NULL,
      "rated_against_id" uuid NOT NULL,
      "order_date_selection_id" uuid,
      "reviewed_item_id" uuid,
      "rating_value" integer NOT NULL DEFAULT 5,
      "review_body" text,
      "images" text[] NOT NULL DEFAULT '{}',
      "date_published" timestamptz NOT NULL DEFAULT now(),
      "item_name" text,
      "user_name" text,
      CONSTRAINT "pk_rating" PRIMARY KEY ("id"),
      CONSTRAINT "uq_rating_rated_by_id_order_date_selection_id" UNIQUE ("rated_by_id", "order_date_selection_id"),
      CONSTRAINT "chk_rating_rating_value_0815c448" CHECK ("rating_value" BETWEEN 1 AND 5),
      CONSTRAINT "fk_rating_rated_by_id" FOREIGN KEY ("rated_by_id") REFERENCES "consumer" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_rating_rated_against_id" FOREIGN KEY ("rated_against_id") REFERENCES "publisher" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_rating_order_date_selection_id" FOREIGN KEY ("order_date_selection_id") REFERENCES "order_date_selection" ("id") ON DELETE SET NULL,
      CONSTRAINT "fk_rating_reviewed_item_id" FOREIGN KEY ("reviewed_item_id") REFERENCES "item" ("id") ON DELETE SET NULL
    )`,
  `CREATE INDEX "idx_rating_rated_against_id" ON "rating" ("rated_against_id")`,
  `CREATE INDEX "idx_rating_order_date_selection_id" ON "rating" ("order_date_selection_id")`,
  `CREATE INDEX "idx_rating_reviewed_item_id" ON "rating" ("reviewed_item_id")`,
  // chef_setting
  `CREATE TABLE "chef_setting" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "publisher_id" uuid NOT NULL,
      "key" text NOT NULL,
      "value" jsonb NOT NULL,
      CONSTRAINT "pk_chef_setting" PRIMARY KEY ("id"),
      CONSTRAINT "uq_chef_setting_publisher_id_key" UNIQUE ("publisher_id", "key"),
      CONSTRAINT "chk_chef_setting_key_d5f551e9" CHECK ("key" IN ('PAYPAL', 'STRIPE', 'PAYTM', 'ZIPCODES', 'RADIUS', 'DELIVERY_FEES', 'DELIVERY_MEASUREMENT', 'PRE_ORDER_NUMBER', 'PRE_ORDER_DAYS_HOURS', 'DEFAULT_FULFILLMENT', 'FOOD_HANDLER_PERMIT', 'TIME_ZONE', 'SECRET_CODE', 'CASH_FREE', 'CASH_FREE_ACCOUNT_NUMBER', 'CASH_FREE_IFSC', 'PAYMENT_PREFERENCES', 'PICKUP_LOCATIONS')),
      CONSTRAINT "fk_chef_setting_publisher_id" FOREIGN KEY ("publisher_id") REFERENCES "publisher" ("id") ON DELETE CASCADE
    )`,
  // bank_beneficiary
  `CREATE TABLE "bank_beneficiary" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "publisher_id" uuid NOT NULL,
      "bene_id" text NOT NULL,
      "name" text NOT NULL,
      "email" text,
      "phone" text,
      "bank_account" text NOT NULL,
      "ifsc" text NOT NULL,
      "address1" text,
      "city" text,
      "state" text,
      "pincode" text,
      CONSTRAINT "pk_bank_beneficiary" PRIMARY KEY ("id"),
      CONSTRAINT "uq_bank_beneficiary_bene_id" UNIQUE ("bene_id"),
      CONSTRAINT "fk_bank_beneficiary_publisher_id" FOREIGN KEY ("publisher_id") REFERENCES "publisher" ("id") ON DELETE CASCADE
    )`,
  `CREATE INDEX "idx_bank_beneficiary_publisher_id" ON "bank_beneficiary" ("publisher_id")`,
  // kitchen_fee_percentage
  `CREATE TABLE "kitchen_fee_percentage" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "publisher_id" uuid NOT NULL,
      "percentage" numeric(5,4) NOT NULL,
      CONSTRAINT "pk_kitchen_fee_percentage" PRIMARY KEY ("id"),
      CONSTRAINT "uq_kitchen_fee_percentage_publisher_id" UNIQUE ("publisher_id"),
      CONSTRAINT "chk_kitchen_fee_percentage_percentage_b2e4e8ef" CHECK ("percentage" >= 0 AND "percentage" <= 1),
      CONSTRAINT "fk_kitchen_fee_percentage_publisher_id" FOREIGN KEY ("publisher_id") REFERENCES "publisher" ("id") ON DELETE CASCADE
    )`,
  // bulk_message
  `CREATE TABLE "bulk_message" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "template_type" text,
      "target_group" text NOT NULL,
      "to_address" text,
      "subject" text NOT NULL,
      "content" text NOT NULL,
      "status" text NOT NULL DEFAULT 'QUEUED',
      "total_count" integer NOT NULL DEFAULT 0,
      "sent_count" integer NOT NULL DEFAULT 0,
      "failed_count" integer NOT NULL DEFAULT 0,
      "created_by_id" uuid,
      "started_at" timestamptz,
      "finished_at" timestamptz,
      CONSTRAINT "pk_bulk_message" PRIMARY KEY ("id"),
      CONSTRAINT "chk_bulk_message_status_db739d32" CHECK ("status" IN ('QUEUED', 'SENDING', 'COMPLETED', 'FAILED')),
      CONSTRAINT "chk_bulk_message_target_group_35cde6fd" CHECK ("target_group" IN ('EXTERNAL', 'CUSTOMERS', 'ALL_USERS', 'REGISTERED_CHEFS', 'HALF_REGISTERED_CHEFS', 'ALL_CHEFS', 'ONE_USER', 'TEST_EMAIL')),
      CONSTRAINT "fk_bulk_message_created_by_id" FOREIGN KEY ("created_by_id") REFERENCES "consumer" ("id") ON DELETE SET NULL
    )`,
  `CREATE INDEX "idx_bulk_message_status" ON "bulk_message" ("status")`,
  `CREATE INDEX "idx_bulk_message_created_by_id" ON "bulk_message" ("created_by_id")`,
  // bulk_message_recipient
  `CREATE TABLE "bulk_message_recipient" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "bulk_message_id" uuid NOT NULL,
      "email" text NOT NULL,
      "consumer_id" uuid,
      "state" text NOT NULL DEFAULT 'PENDING',
      "attempts" integer NOT NULL DEFAULT 0,
      "error" text,
      "sent_at" timestamptz,
      CONSTRAINT "pk_bulk_message_recipient" PRIMARY KEY ("id"),
      CONSTRAINT "uq_bulk_message_recipient_bulk_message_id_email" UNIQUE ("bulk_message_id", "email"),
      CONSTRAINT "chk_bulk_message_recipient_state_a1908466" CHECK ("state" IN ('PENDING', 'SENT', 'FAILED', 'SKIPPED')),
      CONSTRAINT "fk_bulk_message_recipient_bulk_message_id" FOREIGN KEY ("bulk_message_id") REFERENCES "bulk_message" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_bulk_message_recipient_consumer_id" FOREIGN KEY ("consumer_id") REFERENCES "consumer" ("id") ON DELETE SET NULL
    )`,
  `CREATE INDEX "idx_bulk_message_recipient_consumer_id" ON "bulk_message_recipient" ("consumer_id")`,
  `CREATE INDEX "idx_bulk_message_recipient_state" ON "bulk_message_recipient" ("state")`,
  // log_entry
  `CREATE TABLE "log_entry" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "level" text NOT NULL,
      "message" text NOT NULL,
      "context" jsonb NOT NULL DEFAULT '{}',
      "consumer_id" uuid,
      "at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "pk_log_entry" PRIMARY KEY ("id"),
      CONSTRAINT "chk_log_entry_level_0337c196" CHECK ("level" IN ('debug', 'info', 'warn', 'error')),
      CONSTRAINT "fk_log_entry_consumer_id" FOREIGN KEY ("consumer_id") REFERENCES "consumer" ("id") ON DELETE SET NULL
    )`,
  `CREATE INDEX "idx_log_entry_consumer_id" ON "log_entry" ("consumer_id")`,
  `CREATE INDEX "idx_log_entry_at" ON "log_entry" ("at")`,
  // email_outbox
  `CREATE TABLE "email_outbox" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "to_address" text NOT NULL,
      "subject" text NOT NULL,
      "text" text,
      "html" text,
      "state" text NOT NULL DEFAULT 'QUEUED',
      "attempts" integer NOT NULL DEFAULT 0,
      "last_error" text,
      "message_id" text,
      "related_type" text,
      "related_id" uuid,
      "sent_at" timestamptz,
      CONSTRAINT "pk_email_outbox" PRIMARY KEY ("id"),
      CONSTRAINT "chk_email_outbox_state_148fce63" CHECK ("state" IN ('QUEUED', 'SENT', 'FAILED'))
    )`,
  `CREATE INDEX "idx_email_outbox_state" ON "email_outbox" ("state")`,
  `CREATE INDEX "idx_email_outbox_related_type_related_id" ON "email_outbox" ("related_type", "related_id")`,
  // contact_message
  `CREATE TABLE "contact_message" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "legal_name" text NOT NULL,
      "email" text NOT NULL,
      "message" text NOT NULL,
      "response" text,
      "responded_at" timestamptz,
      CONSTRAINT "pk_contact_message" PRIMARY KEY ("id")
    )`,
  // enquiry
  `CREATE TABLE "enquiry" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "first_name" text,
      "last_name" text,
      "email" text NOT NULL,
      "phone" text,
      "message" text NOT NULL,
      "status" text NOT NULL DEFAULT 'OPEN',
      "enquiry_type" text NOT NULL DEFAULT 'ENQUIRY_GENERAL',
      "attachments" text[] NOT NULL DEFAULT '{}',
      "pictures" text[] NOT NULL DEFAULT '{}',
      "action_history" jsonb NOT NULL DEFAULT '[]',
      "publisher_id" uuid,
      "consumer_id" uuid,
      CONSTRAINT "pk_enquiry" PRIMARY KEY ("id"),
      CONSTRAINT "chk_enquiry_enquiry_type_785b33d6" CHECK ("enquiry_type" IN ('ENQUIRY_GENERAL', 'ENQUIRY_TO_CHEF', 'ENQUIRY_FOR_PRICING')),
      CONSTRAINT "chk_enquiry_status_5d91057e" CHECK ("status" IN ('OPEN', 'CLOSED')),
      CONSTRAINT "fk_enquiry_publisher_id" FOREIGN KEY ("publisher_id") REFERENCES "publisher" ("id") ON DELETE SET NULL,
      CONSTRAINT "fk_enquiry_consumer_id" FOREIGN KEY ("consumer_id") REFERENCES "consumer" ("id") ON DELETE SET NULL
    )`,
  `CREATE INDEX "idx_enquiry_status" ON "enquiry" ("status")`,
  `CREATE INDEX "idx_enquiry_publisher_id" ON "enquiry" ("publisher_id")`,
  `CREATE INDEX "idx_enquiry_consumer_id" ON "enquiry" ("consumer_id")`,
  // feedback
  `CREATE TABLE "feedback" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "consumer_id" uuid,
      "name" text,
      "email" text,
      "message" text NOT NULL,
      "rating" integer,
      "page_url" text,
      CONSTRAINT "pk_feedback" PRIMARY KEY ("id"),
      CONSTRAINT "chk_feedback_rating_dd2c32c2" CHECK ("rating" BETWEEN 1 AND 5),
      CONSTRAINT "fk_feedback_consumer_id" FOREIGN KEY ("consumer_id") REFERENCES "consumer" ("id") ON DELETE SET NULL
    )`,
  `CREATE INDEX "idx_feedback_consumer_id" ON "feedback" ("consumer_id")`,
  // subscription
  `CREATE TABLE "subscription" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "publisher_id" uuid NOT NULL,
      "consumer_id" uuid,
      "email" text NOT NULL,
      "status" text NOT NULL DEFAULT 'SUBSCRIBED',
      "unsubscribed_at" timestamptz,
      CONSTRAINT "pk_subscription" PRIMARY KEY ("id"),
      CONSTRAINT "uq_subscription_publisher_id_email" UNIQUE ("publisher_id", "email"),
      CONSTRAINT "chk_subscription_status_8df866e3" CHECK ("status" IN ('SUBSCRIBED', 'UNSUBSCRIBED')),
      CONSTRAINT "fk_subscription_publisher_id" FOREIGN KEY ("publisher_id") REFERENCES "publisher" ("id") ON DELETE CASCADE,
      CONSTRAINT "fk_subscription_consumer_id" FOREIGN KEY ("consumer_id") REFERENCES "consumer" ("id") ON DELETE CASCADE
    )`,
  `CREATE INDEX "idx_subscription_consumer_id" ON "subscription" ("consumer_id")`,
  `CREATE INDEX "idx_subscription_email" ON "subscription" ("email")`,
  // location_subscription
  `CREATE TABLE "location_subscription" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "email" text NOT NULL,
      "country" text NOT NULL,
      "zipcode" text NOT NULL,
      CONSTRAINT "pk_location_subscription" PRIMARY KEY ("id"),
      CONSTRAINT "uq_location_subscription_email_country_zipcode" UNIQUE ("email", "country", "zipcode")
    )`,
  // job
  `CREATE TABLE "job" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "title" text NOT NULL,
      "type" text,
      "location" text,
      "html_description" text NOT NULL,
      "status" text NOT NULL DEFAULT 'ACTIVE',
      CONSTRAINT "pk_job" PRIMARY KEY ("id"),
      CONSTRAINT "uq_job_title" UNIQUE ("title"),
      CONSTRAINT "chk_job_status_8dd9a668" CHECK ("status" IN ('ACTIVE', 'ARCHIVED'))
    )`,
  `CREATE INDEX "idx_job_status" ON "job" ("status")`,
  // job_application
  `CREATE TABLE "job_application" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      "job_id" uuid NOT NULL,
      "full_name" text NOT NULL,
      "email" text NOT NULL,
      "phone" text,
      "address" text,
      "resume_path" text,
      "status" text NOT NULL DEFAULT 'RECEIVED',
      CONSTRAINT "pk_job_application" PRIMARY KEY ("id"),
      CONSTRAINT "chk_job_application_status_a2a64776" CHECK ("status" IN ('RECEIVED', 'IN_REVIEW', 'REJECTED', 'HIRED')),
      CONSTRAINT "fk_job_application_job_id" FOREIGN KEY ("job_id") REFERENCES "job" ("id") ON DELETE CASCADE
    )`,
  `CREATE INDEX "idx_job_application_job_id" ON "job_application" ("job_id")`,
];

/** Indexes TypeORM cannot express: operator classes and expressions. */
const EXTRA_INDEXES: readonly string[] = [
  // A kitchen name is unique whatever its case ("Mama's" and "mama's" are the same kitchen).
  `CREATE UNIQUE INDEX "uq_publisher_kitchen_name_lower" ON "publisher" (lower("kitchen_name"))`,
  // Typo-tolerant search (pg_trgm: `%`, similarity(), ILIKE '%…%').
  `CREATE INDEX "idx_publisher_kitchen_name_trgm" ON "publisher" USING gin ("kitchen_name" gin_trgm_ops)`,
  `CREATE INDEX "idx_publisher_brand_display_name_trgm" ON "publisher" USING gin ("brand_display_name" gin_trgm_ops)`,
  `CREATE INDEX "idx_item_name_trgm" ON "item" USING gin ("name" gin_trgm_ops)`,
];

/** Table names in creation order; dropped in reverse. */
const TABLE_NAMES = TABLES.flatMap((sql) => /^CREATE TABLE "(\w+)"/.exec(sql)?.[1] ?? []);

export class InitialSchema1795318642767 implements MigrationInterface {
  name = 'InitialSchema1795318642767';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS "postgis"`);
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS "pg_trgm"`);

    // TypeORM's own bookkeeping table (the same definition TypeORM would create).
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS "typeorm_metadata" (` +
        `"type" character varying NOT NULL, "database" character varying, "schema" character varying, ` +
        `"table" character varying, "name" character varying, "value" text)`,
    );
    for (const [table, column, expression] of GENERATED_COLUMNS) {
      await queryRunner.query(
        `INSERT INTO "typeorm_metadata" ("type", "database", "schema", "table", "name", "value") ` +
          `VALUES ('GENERATED_COLUMN', current_database(), current_schema(), $1, $2, $3)`,
        [table, column, expression],
      );
    }

    for (const sql of TABLES) await queryRunner.query(sql);
    for (const sql of EXTRA_INDEXES) await queryRunner.query(sql);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [...TABLE_NAMES].reverse()) await queryRunner.query(`DROP TABLE "${table}"`);
    // Only this migration writes to typeorm_metadata so far; it goes with the rest.
    await queryRunner.query(`DROP TABLE IF EXISTS "typeorm_metadata"`);
    await queryRunner.query(`DROP EXTENSION IF EXISTS "pg_trgm"`);
    await queryRunner.query(`DROP EXTENSION IF EXISTS "postgis"`);
  }
}
