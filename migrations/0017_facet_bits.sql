-- Facet bits (decision 0026): each product's features, tags and top categories as bit sets (bit n for id n,
-- ids 1-52), so a keyword search counts every choice of its filter from its hits in one pass. Triggers keep
-- them in step with every writer of the link tables and of a product's primary category.
ALTER TABLE `products` ADD `feature_bits` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `tag_bits` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `category_bits` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER `product_features_bits_insert` AFTER INSERT ON `product_features` BEGIN
  UPDATE `products` SET `feature_bits` = (SELECT coalesce(sum(CASE WHEN `feature_id` BETWEEN 1 AND 52 THEN 1 << `feature_id` ELSE 0 END), 0) FROM `product_features` WHERE `product_id` = new.`product_id`) WHERE `id` = new.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_features_bits_delete` AFTER DELETE ON `product_features` BEGIN
  UPDATE `products` SET `feature_bits` = (SELECT coalesce(sum(CASE WHEN `feature_id` BETWEEN 1 AND 52 THEN 1 << `feature_id` ELSE 0 END), 0) FROM `product_features` WHERE `product_id` = old.`product_id`) WHERE `id` = old.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_features_bits_update` AFTER UPDATE ON `product_features` BEGIN
  UPDATE `products` SET `feature_bits` = (SELECT coalesce(sum(CASE WHEN `feature_id` BETWEEN 1 AND 52 THEN 1 << `feature_id` ELSE 0 END), 0) FROM `product_features` WHERE `product_id` = `products`.`id`) WHERE `id` IN (old.`product_id`, new.`product_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `product_tags_bits_insert` AFTER INSERT ON `product_tags` BEGIN
  UPDATE `products` SET `tag_bits` = (SELECT coalesce(sum(CASE WHEN `tag_id` BETWEEN 1 AND 52 THEN 1 << `tag_id` ELSE 0 END), 0) FROM `product_tags` WHERE `product_id` = new.`product_id`) WHERE `id` = new.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_tags_bits_delete` AFTER DELETE ON `product_tags` BEGIN
  UPDATE `products` SET `tag_bits` = (SELECT coalesce(sum(CASE WHEN `tag_id` BETWEEN 1 AND 52 THEN 1 << `tag_id` ELSE 0 END), 0) FROM `product_tags` WHERE `product_id` = old.`product_id`) WHERE `id` = old.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_tags_bits_update` AFTER UPDATE ON `product_tags` BEGIN
  UPDATE `products` SET `tag_bits` = (SELECT coalesce(sum(CASE WHEN `tag_id` BETWEEN 1 AND 52 THEN 1 << `tag_id` ELSE 0 END), 0) FROM `product_tags` WHERE `product_id` = `products`.`id`) WHERE `id` IN (old.`product_id`, new.`product_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `product_categories_bits_insert` AFTER INSERT ON `product_categories` BEGIN
  UPDATE `products` SET `category_bits` = (SELECT coalesce(sum(`bit`), 0) FROM (
    SELECT CASE WHEN coalesce(c.`parent_id`, c.`id`) BETWEEN 1 AND 52 THEN 1 << coalesce(c.`parent_id`, c.`id`) ELSE 0 END AS `bit` FROM `products` p JOIN `categories` c ON c.`id` = p.`primary_category_id` WHERE p.`id` = new.`product_id`
    UNION SELECT CASE WHEN coalesce(c.`parent_id`, c.`id`) BETWEEN 1 AND 52 THEN 1 << coalesce(c.`parent_id`, c.`id`) ELSE 0 END FROM `product_categories` pc JOIN `categories` c ON c.`id` = pc.`category_id` WHERE pc.`product_id` = new.`product_id`)) WHERE `id` = new.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_categories_bits_delete` AFTER DELETE ON `product_categories` BEGIN
  UPDATE `products` SET `category_bits` = (SELECT coalesce(sum(`bit`), 0) FROM (
    SELECT CASE WHEN coalesce(c.`parent_id`, c.`id`) BETWEEN 1 AND 52 THEN 1 << coalesce(c.`parent_id`, c.`id`) ELSE 0 END AS `bit` FROM `products` p JOIN `categories` c ON c.`id` = p.`primary_category_id` WHERE p.`id` = old.`product_id`
    UNION SELECT CASE WHEN coalesce(c.`parent_id`, c.`id`) BETWEEN 1 AND 52 THEN 1 << coalesce(c.`parent_id`, c.`id`) ELSE 0 END FROM `product_categories` pc JOIN `categories` c ON c.`id` = pc.`category_id` WHERE pc.`product_id` = old.`product_id`)) WHERE `id` = old.`product_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `product_categories_bits_update` AFTER UPDATE ON `product_categories` BEGIN
  UPDATE `products` SET `category_bits` = (SELECT coalesce(sum(`bit`), 0) FROM (
    SELECT CASE WHEN coalesce(c.`parent_id`, c.`id`) BETWEEN 1 AND 52 THEN 1 << coalesce(c.`parent_id`, c.`id`) ELSE 0 END AS `bit` FROM `products` p JOIN `categories` c ON c.`id` = p.`primary_category_id` WHERE p.`id` = `products`.`id`
    UNION SELECT CASE WHEN coalesce(c.`parent_id`, c.`id`) BETWEEN 1 AND 52 THEN 1 << coalesce(c.`parent_id`, c.`id`) ELSE 0 END FROM `product_categories` pc JOIN `categories` c ON c.`id` = pc.`category_id` WHERE pc.`product_id` = `products`.`id`)) WHERE `id` IN (old.`product_id`, new.`product_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `products_category_bits_insert` AFTER INSERT ON `products` BEGIN
  UPDATE `products` SET `category_bits` = (SELECT coalesce(sum(`bit`), 0) FROM (
    SELECT CASE WHEN coalesce(c.`parent_id`, c.`id`) BETWEEN 1 AND 52 THEN 1 << coalesce(c.`parent_id`, c.`id`) ELSE 0 END AS `bit` FROM `products` p JOIN `categories` c ON c.`id` = p.`primary_category_id` WHERE p.`id` = new.`id`
    UNION SELECT CASE WHEN coalesce(c.`parent_id`, c.`id`) BETWEEN 1 AND 52 THEN 1 << coalesce(c.`parent_id`, c.`id`) ELSE 0 END FROM `product_categories` pc JOIN `categories` c ON c.`id` = pc.`category_id` WHERE pc.`product_id` = new.`id`)) WHERE `id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `products_category_bits_update` AFTER UPDATE OF `primary_category_id` ON `products` BEGIN
  UPDATE `products` SET `category_bits` = (SELECT coalesce(sum(`bit`), 0) FROM (
    SELECT CASE WHEN coalesce(c.`parent_id`, c.`id`) BETWEEN 1 AND 52 THEN 1 << coalesce(c.`parent_id`, c.`id`) ELSE 0 END AS `bit` FROM `products` p JOIN `categories` c ON c.`id` = p.`primary_category_id` WHERE p.`id` = new.`id`
    UNION SELECT CASE WHEN coalesce(c.`parent_id`, c.`id`) BETWEEN 1 AND 52 THEN 1 << coalesce(c.`parent_id`, c.`id`) ELSE 0 END FROM `product_categories` pc JOIN `categories` c ON c.`id` = pc.`category_id` WHERE pc.`product_id` = new.`id`)) WHERE `id` = new.`id`;
END;
--> statement-breakpoint
UPDATE `products` SET `feature_bits` = (SELECT coalesce(sum(CASE WHEN `feature_id` BETWEEN 1 AND 52 THEN 1 << `feature_id` ELSE 0 END), 0) FROM `product_features` WHERE `product_id` = `products`.`id`), `tag_bits` = (SELECT coalesce(sum(CASE WHEN `tag_id` BETWEEN 1 AND 52 THEN 1 << `tag_id` ELSE 0 END), 0) FROM `product_tags` WHERE `product_id` = `products`.`id`),
  `category_bits` = (SELECT coalesce(sum(`bit`), 0) FROM (
    SELECT CASE WHEN coalesce(c.`parent_id`, c.`id`) BETWEEN 1 AND 52 THEN 1 << coalesce(c.`parent_id`, c.`id`) ELSE 0 END AS `bit` FROM `products` p JOIN `categories` c ON c.`id` = p.`primary_category_id` WHERE p.`id` = `products`.`id`
    UNION SELECT CASE WHEN coalesce(c.`parent_id`, c.`id`) BETWEEN 1 AND 52 THEN 1 << coalesce(c.`parent_id`, c.`id`) ELSE 0 END FROM `product_categories` pc JOIN `categories` c ON c.`id` = pc.`category_id` WHERE pc.`product_id` = `products`.`id`));
