-- A catalogue article's own article number (Artikelnummer, docs/products.md): optional, unique per account when set
-- (NULLs do not collide), searched by q, imported (docs/imports.md) and written as a line's BT-155 when filled from it.
ALTER TABLE `products` ADD `article_number` text;--> statement-breakpoint
CREATE UNIQUE INDEX `products_article_number_uq` ON `products` (`account_id`,`article_number`);