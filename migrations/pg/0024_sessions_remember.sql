-- Whether a session was opened with "Remember me" (its cookie outlives the browser): the session a password
-- change opens in its place is remembered as it was (docs/sign-in.md).
ALTER TABLE "sessions" ADD COLUMN "remember" integer DEFAULT 0 NOT NULL;