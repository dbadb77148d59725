export const USAGE = `invoice-service <command> [options]

Commands:
  serve                         Start the HTTP server (the default command)
  accounts create --name NAME [--plan PLAN_ID] [--json]
                                Create an account and its first API key
  accounts disable ACCOUNT_ID   Its keys then get 403 forbidden
  accounts enable ACCOUNT_ID
  users create --account ACCOUNT_ID --email EMAIL --role owner|admin|member [--workspace WSP_ID]
               [--name NAME] [--password-stdin] [--json]
                                A person who signs in to the console; without --password-stdin it
                                prints a one-time link to set the password
  users set-password --email EMAIL --password-stdin
                                A new password (first line of stdin); their sessions end
  accounts set-plan ACCOUNT_ID PLAN_ID [--json]
                                Move an account to a plan (plan_self_hosted: no quota, no credit)
  plans set --id ID --name NAME --quota N --rps N [--price-id P] [--overage-price CENTS] [--json]
                                Create or update a plan (takes effect at once)
  backup --out FILE             Consistent snapshot of the data dir (database + files) into a ZIP,
                                also while the server runs
  restore FILE                  Restore a backup into an empty DATA_DIR
  receive FILE... [--account ID] [--json]
                                Keep received e-invoices (XML or hybrid PDF) in an account's inbox
  rules list [--json]           The official rule pack in use: each ruleset's id, version, valid-from
                                date and source (RULESETS_DIR, else installed, else the embedded one)
  rules verify DIR [--json]     Check a rule pack: manifest, files, every stylesheet and schema loads,
                                its own official examples pass
  rules install DIR [--json]    Verify, then install a pack into the data dir (used after a restart;
                                the pack used before is kept)
  rules rollback [--json]       Go back to the pack used before the last install
  migrate                       Apply database migrations and exit
  healthcheck                   Exit 0 when the server on HOST:PORT answers /health with 200 (3 s)
  version                       Print the version
  help                          This text

Settings (environment, or the flag in brackets):
  PORT (--port) 8080, HOST (--host) 127.0.0.1, DATA_DIR (--data-dir) ./data,
  PUBLIC_BASE_URL, SIGNING_SECRET, SMTP_URL, STRIPE_SECRET_KEY, STRIPE_API_BASE,
  STRIPE_WEBHOOK_SECRET, RULESETS_DIR (a rule pack overriding the installed or embedded one),
  LOG_LEVEL (info), MAX_BODY_BYTES (10485760),
  INBOX_DIR and INBOX_ACCOUNT (a folder of received e-invoices, taken in by the server),
  S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PATH_STYLE
  (files in an S3-compatible bucket; AWS_* names accepted)`;
