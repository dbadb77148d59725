import { SETTING_SPECS } from '../config/settings';
export const USAGE = `invoice-service <command> [options]

Commands:
  serve                         Start the HTTP server (the default command)
  accounts create --name NAME [--plan PLAN_ID] [--office] [--json]
                                Create an account and its first API key (--office: its owners and
                                admins create client accounts; the first start's account is one)
  accounts disable ACCOUNT_ID   Its keys then get 403 forbidden
  accounts enable ACCOUNT_ID
  accounts office ACCOUNT_ID on|off
                                Make an account an office, or no longer one (docs/office.md)
  users create --account ACCOUNT_ID --email EMAIL --role owner|admin|member|accountant [--workspace WSP_ID]
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
  migrate [--create]            Apply database migrations and exit; makes a missing DATA_DIR and its
                                database (--create is accepted and changes nothing)
  healthcheck                   Exit 0 when the server on HOST:PORT answers /health with 200 (3 s)
  version                       Print the version
  help                          This text

Settings (environment, or the flag in brackets; the README's table says what each does):
${settingsList()}`;

/** Every declared setting (src/config/settings.ts), with its flag and its fixed default, wrapped at 100. */
function settingsList(): string {
  const items = Object.entries(SETTING_SPECS).map(([name, spec]) => {
    const fixed = 'default' in spec && typeof spec.default === 'string' ? ` ${spec.default}` : '';
    return `${name} (--${spec.flag})${fixed}`;
  });
  const lines: string[] = [];
  let line = ' ';
  for (const item of items) {
    if (line.length + item.length + 2 > 100) {
      lines.push(line.replace(/,$/, ','));
      line = ' ';
    }
    line += ` ${item},`;
  }
  lines.push(line.replace(/,$/, ''));
  return lines.join('\n');
}
