// German texts of the Office page, the header's firm and switcher, and joining another account with an
// existing login (i18n-de.ts spreads them into GERMAN). An office's client is a "Mandant", as in DATEV.
export const GERMAN_OFFICE: Record<string, string> = {
  // The DATEV export of all clients: which are ticked to begin with (office/all-exports.tsx, datev-use.ts).
  'Ticked to begin with: the clients that work with DATEV (with DATEV numbers, or a firm in Germany or Austria).':
    'Vorausgewählt sind die Mandanten, die mit DATEV arbeiten (mit DATEV-Nummern oder mit Sitz in Deutschland oder Österreich).',
  // The header's firm and the switcher
  'Working in': 'Sie arbeiten in',
  'Client no. {number}': 'Mandant {number}',
  'Switch client': 'Mandant wechseln',
  'Find a client': 'Mandant suchen',
  'Name or client number': 'Name oder Mandantennummer',
  '{count} found': '{count} gefunden',
  'Recently used': 'Zuletzt verwendet',
  'All clients': 'Alle Mandanten',
  'All others': 'Alle weiteren',
  'No client matches “{query}”.': 'Kein Mandant passt zu „{query}“.',
  'Switching…': 'Wird gewechselt …',
  'your role:': 'Ihre Rolle:',
  current: 'aktuell',
  disabled: 'gesperrt',
  Office: 'Kanzlei',
  // Roles and rights (docs/roles.md)
  accountant: 'Buchhaltung',
  'record payments, approve received invoices and export the books':
    'Zahlungen zu erfassen, Eingangsrechnungen freizugeben und die Buchhaltung zu exportieren',
  'add client accounts': 'Mandanten anzulegen',
  // The Office page
  'Every firm you work for at a glance, as of today. Open a firm to work in it: the header always names the firm whose data you see.':
    'Alle Mandanten auf einen Blick, Stand heute. Öffnen Sie einen Mandanten, um in ihm zu arbeiten: Oben steht immer, wessen Daten Sie sehen.',
  Clients: 'Mandanten',
  Client: 'Mandant',
  'Clients, sorted by {column}': 'Mandanten, sortiert nach {column}',
  Outstanding: 'Offen',
  Overdue: 'Überfällig',
  Ageing: 'Altersstruktur',
  'Ageing of receivables of {name} ({currency})': 'Altersstruktur der Forderungen von {name} ({currency})',
  Drafts: 'Entwürfe',
  'Client no.': 'Mandantennr.',
  'To approve': 'Freizugeben',
  'Not exported': 'Nicht exportiert',
  'never exported': 'nie exportiert',
  'since {date}': 'seit {date}',
  'exported to {date}': 'exportiert bis {date}',
  'Your role: {role}': 'Ihre Rolle: {role}',
  'No firm to show.': 'Kein Mandant vorhanden.',
  'Open {name}': '{name} öffnen',
  Leave: 'Verlassen',
  'Leave {name}': '{name} verlassen',
  'Leave {name}? Your access to it ends at once, with your API keys there. Its data stays; only an owner or admin of {name} can invite you again.':
    '{name} verlassen? Ihr Zugang endet sofort, Ihre API-Schlüssel dort ebenso. Die Daten bleiben erhalten; nur ein Inhaber oder Administrator von {name} kann Sie wieder einladen.',
  // Add client
  'Add client': 'Mandant hinzufügen',
  'A new account for the client firm: its owner gets a one-time link to sign in. You, and every owner and admin of your office, work in it with the role chosen here; an admin of the client invites your other colleagues.':
    'Ein eigenes Konto für den Mandanten: Sein Inhaber erhält einen einmaligen Link zur Anmeldung. Sie und alle Inhaber und Administratoren Ihrer Kanzlei arbeiten darin mit der hier gewählten Rolle; weitere Mitarbeiter lädt ein Administrator des Mandanten ein.',
  'Firm name': 'Name der Firma',
  'DATEV Mandantennummer, 1 to 99999': 'DATEV-Mandantennummer, 1 bis 99999',
  'DATEV Beraternummer (your office’s to begin with)': 'DATEV-Beraternummer (zunächst die Ihrer Kanzlei)',
  "The client's owner": 'Inhaber des Mandanten',
  "Owner's email": 'E-Mail des Inhabers',
  "Owner's name": 'Name des Inhabers',
  'Your role in the client': 'Ihre Rolle beim Mandanten',
  'An admin runs the client’s invoicing; an accountant reads everything and keeps the books (payments, approvals, exports) but changes no documents, bank account or members.':
    'Administration führt die Rechnungsstellung des Mandanten; Buchhaltung sieht alles und führt die Bücher (Zahlungen, Freigaben, Exporte), ändert aber keine Belege, Bankverbindung oder Mitglieder.',
  '{name} was added.': '{name} wurde angelegt.',
  '{email} signs in already: with this link they join {name} with their own password.':
    '{email} hat bereits eine Anmeldung: Mit diesem Link tritt die Person {name} mit dem eigenen Passwort bei.',
  'The invitation went to {email}. The link, shown only now:':
    'Die Einladung ging an {email}. Der Link, nur jetzt angezeigt:',
  // DATEV export for all clients
  'DATEV export for all clients': 'DATEV-Export für alle Mandanten',
  "One ZIP with a folder per client: its DATEV bookings (issued and received documents) and master data for the period. A client without DATEV settings is named in the ZIP's Fehler.txt and here.":
    'Eine ZIP-Datei mit einem Ordner je Mandant: seine DATEV-Buchungen (Ausgangs- und Eingangsrechnungen) und Stammdaten des Zeitraums. Ein Mandant ohne DATEV-Einstellungen wird in der Fehler.txt der ZIP-Datei und hier genannt.',
  'Clients ({chosen} of {all})': 'Mandanten ({chosen} von {all})',
  'Select all': 'Alle auswählen',
  'Select none': 'Keinen auswählen',
  'Start the DATEV export': 'DATEV-Export starten',
  'Download the ZIP': 'ZIP-Datei herunterladen',
  'The export of {count} clients is being prepared…': 'Der Export von {count} Mandanten wird vorbereitet …',
  'The export is ready: files for {count} of {all} clients, {from} to {to}.':
    'Der Export ist fertig: Dateien für {count} von {all} Mandanten, {from} bis {to}.',
  'Without files:': 'Ohne Dateien:',
  'The consultant number and the client number are missing from its DATEV settings.':
    'In seinen DATEV-Einstellungen fehlen Berater- und Mandantennummer.',
  'The consultant number is missing from its DATEV settings.':
    'In seinen DATEV-Einstellungen fehlt die Beraternummer.',
  'The client number is missing from its DATEV settings.':
    'In seinen DATEV-Einstellungen fehlt die Mandantennummer.',
  "The period spans two of its fiscal years; a DATEV batch lies within one. Export each fiscal year's part on its own.":
    'Der Zeitraum reicht über zwei Wirtschaftsjahre des Mandanten; ein DATEV-Stapel darf nur eines umfassen. Exportieren Sie den Teil jedes Wirtschaftsjahres einzeln.',
  "Documents in a foreign currency state no rate to the euro, which DATEV needs; the ZIP's Fehler.txt names them.":
    'Bei Belegen in Fremdwährung fehlt der Kurs zum Euro, den DATEV braucht; die Fehler.txt der ZIP-Datei nennt sie.',
  'The account is disabled.': 'Das Konto ist gesperrt.',
  'You no longer work in this account.': 'Sie arbeiten nicht mehr in diesem Konto.',
  'You no longer work in {name}: its owner removed you, or you left it.':
    'Sie arbeiten nicht mehr für {name}: Der Inhaber hat Sie entfernt, oder Sie haben den Mandanten verlassen.',
  'Open its DATEV settings': 'DATEV-Einstellungen öffnen',
  'Open the DATEV settings of {name}': 'DATEV-Einstellungen von {name} öffnen',
  'The export could not be made.': 'Der Export konnte nicht erstellt werden.',
  'This ZIP holds files of {names}, for which you no longer work: start a new export.':
    'Diese ZIP-Datei enthält Dateien von {names}, für die Sie nicht mehr arbeiten: Starten Sie einen neuen Export.',
  'You are the last owner of {name}: make someone else an owner there first (Settings, Teams and members), then leave.':
    'Sie sind der letzte Inhaber von {name}. Machen Sie dort zuerst eine andere Person zum Inhaber (Einstellungen, Arbeitsbereiche und Mitglieder); danach können Sie austreten.',
  // Joining another account with an existing login
  'You already have a login ({email}): enter your password to join {account}.':
    'Sie haben bereits eine Anmeldung ({email}): Geben Sie Ihr Passwort ein, um {account} beizutreten.',
  'You are signed in as {email}. Join {account} with this login?':
    'Sie sind als {email} angemeldet. Mit dieser Anmeldung {account} beitreten?',
  'Join {account}': '{account} beitreten',
  'That is not the password of {email}.': 'Das ist nicht das Passwort von {email}.',
  'You now also work in {account}: choose it in the header.':
    'Sie arbeiten jetzt auch in {account}: Wählen Sie es oben aus.',
  'You now also work in {account}. Sign in with {email} and choose it in the header.':
    'Sie arbeiten jetzt auch in {account}. Melden Sie sich mit {email} an und wählen Sie es oben aus.',
  'Back to the console': 'Zurück zur Konsole',
  // A first start's office before its first client (settings/first-client.tsx) and its name (shell.tsx).
  'Clients (for tax offices)': 'Mandanten (für Steuerkanzleien)',
  'Do you keep the books of other firms? Add each client as an account of its own. Once you have one, the menu shows the Office page with all your clients.':
    'Führen Sie die Bücher anderer Firmen? Legen Sie jeden Mandanten als eigenes Konto an. Sobald es einen gibt, zeigt das Menü die Seite „Kanzlei“ mit allen Mandanten.',
  'Add a client firm': 'Mandanten anlegen',
  'Your account is still called "Default account": the header and your colleagues’ invitations show it.':
    'Ihr Konto heißt noch „Default account“: So steht es oben und in den Einladungen an Ihre Mitarbeiter.',
  'Enter your firm’s name': 'Namen Ihrer Firma eintragen',
};
