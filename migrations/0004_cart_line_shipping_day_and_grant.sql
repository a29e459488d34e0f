ALTER TABLE `cart_lines` ADD `shipping_day` text;--> statement-breakpoint
ALTER TABLE `cart_lines` ADD `private_grant` text;