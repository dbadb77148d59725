-- EN 16931 BT-149: a catalogue article's price may be for more than one unit (a price per 100 pieces); a
-- line filled from it takes it as its price_base_quantity (docs/calculation.md, rule 2).
ALTER TABLE `products` ADD `price_base_quantity` text;
