-- EN 16931 BT-56: the person or department a customer's invoices are for ("z. Hd."), copied into the buyer
-- of its documents (docs/en16931-coverage.md).
ALTER TABLE `customers` ADD `contact_name` text;
