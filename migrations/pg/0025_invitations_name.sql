-- The invited person's name as the inviter gave it (POST /accounts's owner_name): the link's page offers it
-- and accepting without a name takes it (docs/office.md). Null: not given.
ALTER TABLE "invitations" ADD COLUMN "name" text COLLATE "C";