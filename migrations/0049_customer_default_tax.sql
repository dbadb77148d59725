-- The VAT new lines for a customer start with in the console, over the seller's default (a builder
-- invoiced under § 13b UStG every time); never applied by the API (docs/customers.md).
ALTER TABLE `customers` ADD `default_tax` text;