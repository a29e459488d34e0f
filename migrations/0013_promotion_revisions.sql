ALTER TABLE `coupon_campaigns` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `coupons` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `point_promos` ADD `revision` integer DEFAULT 0 NOT NULL;