ALTER TABLE `return_requests` ADD `request_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `return_requests_request_token_unique` ON `return_requests` (`request_token`);