ALTER TABLE `branding_profiles` ADD `primary_color_chosen` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `branding_profiles` ADD `accent_color_chosen` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Profiles from before: a colour other than the default was chosen; one at the default cannot be told apart
-- and keeps meaning "not chosen", as it did.
UPDATE `branding_profiles` SET `primary_color_chosen` = 1 WHERE lower(`primary_color`) <> '#111827';--> statement-breakpoint
UPDATE `branding_profiles` SET `accent_color_chosen` = 1 WHERE lower(`accent_color`) <> '#111827';
