CREATE TABLE `addresses` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`lastname` text NOT NULL,
	`firstname` text NOT NULL,
	`lastname_jp` text NOT NULL,
	`firstname_jp` text NOT NULL,
	`postal_code` text NOT NULL,
	`prefecture` integer NOT NULL,
	`city` text NOT NULL,
	`district` text DEFAULT '' NOT NULL,
	`address1` text NOT NULL,
	`address2` text DEFAULT '' NOT NULL,
	`phone` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "addresses_prefecture_range" CHECK("addresses"."prefecture" between 1 and 47)
);
--> statement-breakpoint
CREATE INDEX `addresses_user_idx` ON `addresses` (`user_id`);--> statement-breakpoint
CREATE TABLE `buy_later` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`variation_id` integer,
	`choice_sku` text,
	`option_choice_ids` text DEFAULT '' NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variation_id`) REFERENCES `product_variations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `buy_later_user_idx` ON `buy_later` (`user_id`);--> statement-breakpoint
CREATE TABLE `cart_lines` (
	`id` integer PRIMARY KEY NOT NULL,
	`cart_id` text NOT NULL,
	`product_id` integer NOT NULL,
	`variation_id` integer,
	`choice_sku` text,
	`option_choice_ids` text DEFAULT '' NOT NULL,
	`wrapping` integer DEFAULT false NOT NULL,
	`quantity` integer NOT NULL,
	`is_preorder` integer DEFAULT false NOT NULL,
	`subscribe` integer,
	`line_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variation_id`) REFERENCES `product_variations`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "cart_lines_quantity_positive" CHECK("cart_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cart_lines_identity_idx` ON `cart_lines` (`cart_id`,`line_key`);--> statement-breakpoint
CREATE TABLE `cart_vendor_notices` (
	`cart_id` text NOT NULL,
	`merchant_id` integer NOT NULL,
	`notice` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`cart_id`, `merchant_id`),
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `carts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`coupon_code` text,
	`point_amount` integer DEFAULT 0 NOT NULL,
	`payment_method` text,
	`coldshipping` integer DEFAULT false NOT NULL,
	`warehouse_notice` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "carts_points_nonnegative" CHECK("carts"."point_amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `carts_user_idx` ON `carts` (`user_id`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`parent_id` integer,
	`position` integer DEFAULT 0 NOT NULL,
	`icon` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE INDEX `categories_parent_idx` ON `categories` (`parent_id`,`position`);--> statement-breakpoint
CREATE TABLE `coupon_campaigns` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`title` text NOT NULL,
	`type` text NOT NULL,
	`value` integer NOT NULL,
	`min_amount` integer DEFAULT 0 NOT NULL,
	`free_shipping` integer DEFAULT false NOT NULL,
	`starts_at` integer,
	`ends_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupon_campaigns_code_unique` ON `coupon_campaigns` (`code`);--> statement-breakpoint
CREATE TABLE `coupon_price_ranges` (
	`id` integer PRIMARY KEY NOT NULL,
	`coupon_id` integer NOT NULL,
	`min_amount` integer NOT NULL,
	`type` text NOT NULL,
	`value` integer NOT NULL,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `coupon_price_ranges_coupon_idx` ON `coupon_price_ranges` (`coupon_id`,`min_amount`);--> statement-breakpoint
CREATE TABLE `coupon_product_exclusions` (
	`coupon_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	PRIMARY KEY(`coupon_id`, `product_id`),
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `coupon_exclusions_product_idx` ON `coupon_product_exclusions` (`product_id`);--> statement-breakpoint
CREATE TABLE `coupon_product_prices` (
	`coupon_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`type` text NOT NULL,
	`value` integer NOT NULL,
	`title_simple` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`coupon_id`, `product_id`),
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `coupon_uses` (
	`id` integer PRIMARY KEY NOT NULL,
	`coupon_id` integer NOT NULL,
	`user_id` integer,
	`order_id` integer NOT NULL,
	`email` text NOT NULL,
	`discount` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `coupon_uses_coupon_idx` ON `coupon_uses` (`coupon_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`title` text NOT NULL,
	`title_simple` text NOT NULL,
	`type` text NOT NULL,
	`value` integer NOT NULL,
	`free_shipping` integer DEFAULT false NOT NULL,
	`alone` integer DEFAULT false NOT NULL,
	`member_only` integer DEFAULT false NOT NULL,
	`is_auto` integer DEFAULT false NOT NULL,
	`products_default` integer DEFAULT true NOT NULL,
	`min_amount` integer DEFAULT 0 NOT NULL,
	`max_uses` integer,
	`max_uses_per_user` integer,
	`starts_at` integer,
	`expires_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_unique` ON `coupons` (`code`);--> statement-breakpoint
CREATE TABLE `favorites` (
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `product_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `features` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`icon` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `features_slug_unique` ON `features` (`slug`);--> statement-breakpoint
CREATE TABLE `login_attempts` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_started_at` integer NOT NULL,
	`locked_until` integer
);
--> statement-breakpoint
CREATE TABLE `media` (
	`id` integer PRIMARY KEY NOT NULL,
	`owner_user_id` integer NOT NULL,
	`r2_key` text NOT NULL,
	`folder` text NOT NULL,
	`filename` text NOT NULL,
	`ext` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`ticket_message_id` integer,
	`review_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_message_id`) REFERENCES `ticket_messages`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`review_id`) REFERENCES `reviews`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `media_r2_key_unique` ON `media` (`r2_key`);--> statement-breakpoint
CREATE INDEX `media_message_idx` ON `media` (`ticket_message_id`);--> statement-breakpoint
CREATE INDEX `media_owner_idx` ON `media` (`owner_user_id`);--> statement-breakpoint
CREATE TABLE `merchants` (
	`id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`shipping_fee` integer NOT NULL,
	`free_shipping_threshold` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `merchants_slug_unique` ON `merchants` (`slug`);--> statement-breakpoint
CREATE TABLE `notification_mails` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`title` text NOT NULL,
	`content` text NOT NULL,
	`readed` integer,
	`date_created` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notification_mails_user_idx` ON `notification_mails` (`user_id`,`date_created`);--> statement-breakpoint
CREATE TABLE `order_lines` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`shipment_id` integer,
	`product_id` integer NOT NULL,
	`variation_id` integer,
	`choice_sku` text,
	`sku` text NOT NULL,
	`title` text NOT NULL,
	`choice_label` text DEFAULT '' NOT NULL,
	`options_label` text DEFAULT '' NOT NULL,
	`picture` text DEFAULT '' NOT NULL,
	`unit_price` integer NOT NULL,
	`quantity` integer NOT NULL,
	`tax_rate` integer NOT NULL,
	`wrapping` integer DEFAULT false NOT NULL,
	`is_preorder` integer DEFAULT false NOT NULL,
	`subscribe` integer,
	`total` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shipment_id`) REFERENCES `order_shipments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`variation_id`) REFERENCES `product_variations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_lines_order_idx` ON `order_lines` (`order_id`);--> statement-breakpoint
CREATE TABLE `order_shipments` (
	`id` integer PRIMARY KEY NOT NULL,
	`order_id` integer NOT NULL,
	`shipping_from` text NOT NULL,
	`merchant_id` integer,
	`shipping_fee` integer DEFAULT 0 NOT NULL,
	`notice` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'preparing' NOT NULL,
	`tracking_number` text,
	`shipped_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_shipments_order_idx` ON `order_shipments` (`order_id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY NOT NULL,
	`number` text NOT NULL,
	`user_id` integer,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending_payment' NOT NULL,
	`payment_method` text NOT NULL,
	`subtotal` integer NOT NULL,
	`shipping_fee` integer DEFAULT 0 NOT NULL,
	`coldshipping_fee` integer DEFAULT 0 NOT NULL,
	`split_shipping_fee` integer DEFAULT 0 NOT NULL,
	`extra_fee` integer DEFAULT 0 NOT NULL,
	`wrapping_fee` integer DEFAULT 0 NOT NULL,
	`discount_coupon` integer DEFAULT 0 NOT NULL,
	`coupon_code` text,
	`points_used` integer DEFAULT 0 NOT NULL,
	`points_earned` integer DEFAULT 0 NOT NULL,
	`total` integer NOT NULL,
	`taxable_10` integer DEFAULT 0 NOT NULL,
	`tax_10` integer DEFAULT 0 NOT NULL,
	`taxable_8` integer DEFAULT 0 NOT NULL,
	`tax_8` integer DEFAULT 0 NOT NULL,
	`ship_lastname` text NOT NULL,
	`ship_firstname` text NOT NULL,
	`ship_lastname_jp` text NOT NULL,
	`ship_firstname_jp` text NOT NULL,
	`ship_postal_code` text NOT NULL,
	`ship_prefecture` integer NOT NULL,
	`ship_city` text NOT NULL,
	`ship_district` text DEFAULT '' NOT NULL,
	`ship_address1` text NOT NULL,
	`ship_address2` text DEFAULT '' NOT NULL,
	`ship_phone` text NOT NULL,
	`delivery_date` text,
	`delivery_time_slot` text,
	`warehouse_notice` text DEFAULT '' NOT NULL,
	`placement_token` text NOT NULL,
	`receipt_name` text,
	`receipt_memo` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_number_unique` ON `orders` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_placement_token_unique` ON `orders` (`placement_token`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `point_ledger` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`order_id` integer,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`expires_at` integer,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `point_ledger_user_idx` ON `point_ledger` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `point_promos` (
	`id` integer PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`color` text DEFAULT '#ee6d68' NOT NULL,
	`link` text DEFAULT '' NOT NULL,
	`rate` integer DEFAULT 2 NOT NULL,
	`min_amount` integer DEFAULT 0 NOT NULL,
	`starts_at` integer,
	`ends_at` integer
);
--> statement-breakpoint
CREATE TABLE `product_categories` (
	`product_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	PRIMARY KEY(`product_id`, `category_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_categories_category_idx` ON `product_categories` (`category_id`);--> statement-breakpoint
CREATE TABLE `product_features` (
	`product_id` integer NOT NULL,
	`feature_id` integer NOT NULL,
	PRIMARY KEY(`product_id`, `feature_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`feature_id`) REFERENCES `features`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_features_feature_idx` ON `product_features` (`feature_id`);--> statement-breakpoint
CREATE TABLE `product_media` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`variation_id` integer,
	`url` text NOT NULL,
	`alt` text DEFAULT '' NOT NULL,
	`width` integer DEFAULT 600 NOT NULL,
	`height` integer DEFAULT 600 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variation_id`) REFERENCES `product_variations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_media_product_idx` ON `product_media` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `product_option_choices` (
	`id` integer PRIMARY KEY NOT NULL,
	`option_id` integer NOT NULL,
	`title` text NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`option_id`) REFERENCES `product_options`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_option_choices_option_idx` ON `product_option_choices` (`option_id`,`position`);--> statement-breakpoint
CREATE TABLE `product_options` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`title` text NOT NULL,
	`type` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`required` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_options_product_idx` ON `product_options` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `product_tags` (
	`product_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`product_id`, `tag_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_tags_tag_idx` ON `product_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `product_variations` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`sku` text NOT NULL,
	`title` text NOT NULL,
	`v_title` text DEFAULT 'タイプ' NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`type` text DEFAULT 'normal' NOT NULL,
	`regular_price` integer,
	`discount_price` integer,
	`inventory` integer DEFAULT 0 NOT NULL,
	`inventory_preorder_max` integer DEFAULT 0 NOT NULL,
	`expiry` text,
	`max_subscription` integer,
	`delivery_icon` text,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "product_variations_inventory_nonnegative" CHECK("product_variations"."inventory" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_variations_sku_unique` ON `product_variations` (`sku`);--> statement-breakpoint
CREATE INDEX `product_variations_product_idx` ON `product_variations` (`product_id`,`position`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY NOT NULL,
	`sku` text NOT NULL,
	`title` text NOT NULL,
	`catchcopy` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`type` text DEFAULT 'simple' NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`tax_rate` integer DEFAULT 10 NOT NULL,
	`regular_price` integer NOT NULL,
	`discount_price` integer,
	`original_price` integer,
	`primary_category_id` integer NOT NULL,
	`shipping_from` text DEFAULT 'warehouse' NOT NULL,
	`merchant_id` integer,
	`shipping_days` integer DEFAULT 1 NOT NULL,
	`hide_shipping_info` integer DEFAULT false NOT NULL,
	`coldshipping` text DEFAULT 'none' NOT NULL,
	`is_digital` integer DEFAULT false NOT NULL,
	`expiry` text,
	`period` integer DEFAULT 1 NOT NULL,
	`inventory` integer DEFAULT 0 NOT NULL,
	`preorder_limit` integer DEFAULT 0 NOT NULL,
	`inventory_preorder_max` integer DEFAULT 0 NOT NULL,
	`preorder_ship_date` text,
	`disable_preorder` integer DEFAULT false NOT NULL,
	`disable_request` integer DEFAULT false NOT NULL,
	`subscribe` integer DEFAULT false NOT NULL,
	`subscribe_only` integer DEFAULT false NOT NULL,
	`is_private` integer DEFAULT false NOT NULL,
	`secret` text,
	`coupon_disabled` integer DEFAULT false NOT NULL,
	`disable_wrapping` integer DEFAULT false NOT NULL,
	`delivery_icon` text,
	`delivery_icon_type` text,
	`delivery_icon_text` text,
	`review_count` integer DEFAULT 0 NOT NULL,
	`review_avg_x10` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`published_at` integer,
	FOREIGN KEY (`primary_category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`merchant_id`) REFERENCES `merchants`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "products_inventory_nonnegative" CHECK("products"."inventory" >= 0),
	CONSTRAINT "products_preorder_nonnegative" CHECK("products"."inventory_preorder_max" >= 0),
	CONSTRAINT "products_tax_rate" CHECK("products"."tax_rate" in (8, 10))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_sku_unique` ON `products` (`sku`);--> statement-breakpoint
CREATE INDEX `products_listing_idx` ON `products` (`status`,`is_private`,`primary_category_id`);--> statement-breakpoint
CREATE INDEX `products_price_idx` ON `products` (`regular_price`);--> statement-breakpoint
CREATE TABLE `related_products` (
	`product_id` integer NOT NULL,
	`related_product_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`product_id`, `related_product_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`related_product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`user_id` integer,
	`nickname` text NOT NULL,
	`title` text NOT NULL,
	`rate` integer NOT NULL,
	`review` text NOT NULL,
	`status` text DEFAULT 'published' NOT NULL,
	`comment` text,
	`comment_user_id` integer,
	`commented_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`comment_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reviews_rate_range" CHECK("reviews"."rate" between 1 and 5)
);
--> statement-breakpoint
CREATE INDEX `reviews_product_idx` ON `reviews` (`product_id`,`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `stock_requests` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`variation_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`notified_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variation_id`) REFERENCES `product_variations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stock_requests_variation_once_idx` ON `stock_requests` (`user_id`,`product_id`,`variation_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `stock_requests_product_once_idx` ON `stock_requests` (`user_id`,`product_id`) WHERE "stock_requests"."variation_id" is null;--> statement-breakpoint
CREATE INDEX `stock_requests_product_idx` ON `stock_requests` (`product_id`,`notified_at`);--> statement-breakpoint
CREATE TABLE `subscription_prices` (
	`id` integer PRIMARY KEY NOT NULL,
	`product_id` integer NOT NULL,
	`variation_id` integer,
	`quantity` integer NOT NULL,
	`unit_price_excl_tax` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variation_id`) REFERENCES `product_variations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_prices_tier_idx` ON `subscription_prices` (`product_id`,`variation_id`,`quantity`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`variation_id` integer,
	`order_id` integer,
	`quantity` integer NOT NULL,
	`period_months` integer DEFAULT 1 NOT NULL,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`next_payment_date` text NOT NULL,
	`next_shipping_date` text NOT NULL,
	`cancel_date` text NOT NULL,
	`payment_method` text NOT NULL,
	`address_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`cancelled_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`variation_id`) REFERENCES `product_variations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`address_id`) REFERENCES `addresses`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_kind_slug_idx` ON `tags` (`kind`,`slug`);--> statement-breakpoint
CREATE TABLE `ticket_messages` (
	`id` integer PRIMARY KEY NOT NULL,
	`ticket_id` integer NOT NULL,
	`fromadmin` integer,
	`message` text NOT NULL,
	`read_at` integer,
	`date_created` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`fromadmin`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `ticket_messages_ticket_idx` ON `ticket_messages` (`ticket_id`,`date_created`);--> statement-breakpoint
CREATE TABLE `ticket_order_lines` (
	`ticket_id` integer NOT NULL,
	`order_line_id` integer NOT NULL,
	PRIMARY KEY(`ticket_id`, `order_line_id`),
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_line_id`) REFERENCES `order_lines`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tickets` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'doing' NOT NULL,
	`confirmation` text,
	`priority` text NOT NULL,
	`category` text NOT NULL,
	`trouble` text NOT NULL,
	`reply_choice` text DEFAULT '' NOT NULL,
	`order_id` integer,
	`product_id` integer,
	`description` text NOT NULL,
	`form_session` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tickets_form_session_idx` ON `tickets` (`user_id`,`form_session`);--> statement-breakpoint
CREATE INDEX `tickets_status_idx` ON `tickets` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'customer' NOT NULL,
	`lastname` text NOT NULL,
	`firstname` text NOT NULL,
	`lastname_jp` text NOT NULL,
	`firstname_jp` text NOT NULL,
	`nickname` text,
	`phone` text,
	`points` integer DEFAULT 0 NOT NULL,
	`newsletter` integer DEFAULT false NOT NULL,
	`one_click` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "users_points_nonnegative" CHECK("users"."points" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `variation_choices` (
	`id` integer PRIMARY KEY NOT NULL,
	`variation_id` integer NOT NULL,
	`sku` text NOT NULL,
	`group_title` text NOT NULL,
	`title` text NOT NULL,
	`price_diff` integer DEFAULT 0 NOT NULL,
	`inventory` integer,
	`position` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`variation_id`) REFERENCES `product_variations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `variation_choices_sku_unique` ON `variation_choices` (`sku`);--> statement-breakpoint
CREATE INDEX `variation_choices_variation_idx` ON `variation_choices` (`variation_id`,`position`);