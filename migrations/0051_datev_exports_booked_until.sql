-- The accounting settings' booked_until a DATEV file was made under: what it left out as booked elsewhere,
-- which it does not cover (cleared later, those documents count as waiting again). Null: none set.
ALTER TABLE `datev_exports` ADD `booked_until` text;