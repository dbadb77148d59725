-- Where a membership came from: the office whose work for a client made it (docs/office.md "Who in the office
-- reaches a client"); null for the others. It ends when its person is no longer in that office.
ALTER TABLE `workspace_members` ADD `via_office_id` text REFERENCES accounts(id);