// German texts of delivery over networks: the send card's channels, the delivery timeline, a customer's
// reachability, a received document's transport and answer, Settings → Networks (i18n-de.ts spreads them).
export const GERMAN_NETWORKS: Record<string, string> = {
  // States and names
  Networks: 'Netzwerke',
  Network: 'Netzwerk',
  Peppol: 'Peppol',
  'French platform': 'Französische Plattform',
  // The channels by name (networks.ts channelName): the French platform's proper name kept, explained.
  'Storecove (Peppol access point)': 'Storecove (Peppol-Zugangspunkt)',
  'Recommand (Peppol access point)': 'Recommand (Peppol-Zugangspunkt)',
  'Plateforme agréée (French platform, XP Z12-013)': 'Plateforme agréée (französische Plattform, XP Z12-013)',
  Channel: 'Kanal',
  Queued: 'Eingereiht',
  'Handed to the network': 'An das Netzwerk übergeben',
  Delivered: 'Zugestellt',
  'Accepted by the buyer': 'Vom Käufer angenommen',
  'Rejected by the buyer': 'Vom Käufer abgelehnt',
  Failed: 'Fehlgeschlagen',
  Yes: 'Ja',
  No: 'Nein',
  // The document: send and its timeline
  'Send by': 'Versenden über',
  'Over the network the buyer is on': 'Über das Netzwerk des Käufers',
  'Peppol, or a French platform for a SIREN or SIRET':
    'Peppol oder eine französische Plattform bei SIREN oder SIRET',
  'By e-mail': 'Per E-Mail',
  'The PDF, to the addresses you enter': 'Das PDF an die Adressen, die Sie eingeben',
  'Send over a network': 'Über ein Netzwerk senden',
  'To {address}': 'An {address}',
  'Check reachability': 'Erreichbarkeit prüfen',
  'Send by e-mail instead': 'Stattdessen per E-Mail senden',
  'Handed over for sending: its progress shows under “Delivery”.':
    'Zum Versand übergeben: Der Fortschritt steht unter „Zustellung“.',
  '{buyer} cannot receive this document over {channel}.':
    '{buyer} kann dieses Dokument über {channel} nicht empfangen.',
  '{buyer} cannot receive this document over this network.':
    '{buyer} kann dieses Dokument über dieses Netzwerk nicht empfangen.',
  'No French platform is connected, and {buyer} has a French identifier.':
    'Keine französische Plattform ist verbunden, und {buyer} hat eine französische Kennung.',
  'No Peppol channel is enabled.': 'Kein Peppol-Kanal ist aktiviert.',
  '{buyer} has no electronic address (BT-49), so no network can reach them.':
    '{buyer} hat keine Adresse für E-Rechnungen (BT-49), daher erreicht kein Netzwerk diesen Empfänger.',
  'The buyer': 'Der Käufer',
  Delivery: 'Zustellung',
  Timeline: 'Verlauf',
  'Provider reference': 'Referenz des Anbieters',
  'Receipt ({type})': 'Rückmeldung ({type})',
  'cut short: only the first 64 KiB': 'gekürzt: nur die ersten 64 KiB',
  'Waiting: {reason}': 'Wartet: {reason}',
  'Under way: this updates itself.': 'Unterwegs: Diese Anzeige aktualisiert sich selbst.',
  'The provider did not answer just now: please try again in a moment.':
    'Der Anbieter hat gerade nicht geantwortet: Bitte versuchen Sie es gleich noch einmal.',
  // A customer's reachability
  'Where e-invoices to {address} can go.': 'Wohin E-Rechnungen an {address} gehen können.',
  'Registered in Peppol': 'In Peppol registriert',
  'Receives Peppol BIS invoices': 'Empfängt Peppol-BIS-Rechnungen',
  'Receives Peppol BIS credit notes': 'Empfängt Peppol-BIS-Rechnungskorrekturen',
  Checked: 'Geprüft',
  'Not looked up in Peppol: the address is not a Peppol identifier.':
    'Nicht in Peppol nachgesehen: Die Adresse ist keine Peppol-Kennung.',
  'This customer takes e-invoices over Peppol (its e-invoice profile says so), but cannot receive invoices there now: check the address with the customer, or send by e-mail.':
    'Dieser Kunde erhält E-Rechnungen über Peppol (so sagt es sein E-Rechnungsprofil), kann dort aber gerade keine Rechnungen empfangen: Prüfen Sie die Adresse mit dem Kunden, oder senden Sie per E-Mail.',
  'This customer takes e-invoices over Peppol (its e-invoice profile says so).':
    'Dieser Kunde erhält E-Rechnungen über Peppol (so sagt es sein E-Rechnungsprofil).',
  'The Peppol lookup gave no answer: {error}': 'Die Peppol-Abfrage hat keine Antwort ergeben: {error}',
  'The lookup failed: {error}': 'Die Abfrage ist fehlgeschlagen: {error}',
  'Connected channels': 'Verbundene Kanäle',
  'No channel is connected.': 'Kein Kanal ist verbunden.',
  'Connect a network': 'Netzwerk verbinden',
  Reachable: 'Erreichbar',
  Invoices: 'Rechnungen',
  'Credit notes': 'Rechnungskorrekturen',
  'Check again': 'Erneut prüfen',
  'Checking…': 'Wird geprüft …',
  // A received document's transport and answer
  'Received over a network': 'Über ein Netzwerk empfangen',
  Sender: 'Absender',
  'Answer to the seller': 'Antwort an den Verkäufer',
  'Answer sent: {answer}, {date}.': 'Antwort gesendet: {answer}, {date}.',
  'Reason: {reason}': 'Grund: {reason}',
  'What the channel answered': 'Was der Kanal geantwortet hat',
  'The answer goes to the seller over {channel}.': 'Die Antwort geht über {channel} an den Verkäufer.',
  Accept: 'Annehmen',
  Accepted: 'Angenommen',
  'Reason for the rejection': 'Grund der Ablehnung',
  'The seller reads it: say what to correct.': 'Der Verkäufer liest ihn: Nennen Sie, was zu korrigieren ist.',
  'Send the rejection': 'Ablehnung senden',
  // Settings → Networks
  'Send and receive e-invoices over Peppol or a French platform, through a provider you have an account with.':
    'E-Rechnungen über Peppol oder eine französische Plattform senden und empfangen, über einen Anbieter, bei dem Sie ein Konto haben.',
  'This installation offers no network channel.': 'Diese Installation bietet keinen Netzwerk-Kanal an.',
  'Set up networks': 'Netzwerke einrichten',
  'Back to settings': 'Zurück zu den Einstellungen',
  'Each channel is a provider’s API your account uses with its own credentials. Nothing is sent over a channel until you enable it; e-mail stays available for every document.':
    'Jeder Kanal ist die API eines Anbieters, die Ihr Konto mit eigenen Zugangsdaten nutzt. Über einen Kanal wird nichts gesendet, bevor Sie ihn aktivieren; E-Mail bleibt für jedes Dokument möglich.',
  'Not connected': 'Nicht verbunden',
  Enabled: 'Aktiviert',
  Disabled: 'Deaktiviert',
  '{network}; sends {profiles}.': '{network}; sendet {profiles}.',
  'Statuses and received documents last fetched {date}.':
    'Status und empfangene Dokumente zuletzt abgeholt: {date}.',
  'No statuses or received documents fetched yet.': 'Noch keine Status oder empfangenen Dokumente abgeholt.',
  'The last fetch failed: {error}': 'Das letzte Abholen ist fehlgeschlagen: {error}',
  'Set up': 'Einrichten',
  'Set up {name}': '{name} einrichten',
  'Enabled: send and receive over {name}': 'Aktiviert: über {name} senden und empfangen',
  'Base URL': 'Basis-URL',
  'The provider’s API; its sandbox while you try it out':
    'Die API des Anbieters; zum Ausprobieren seine Sandbox',
  Secrets: 'Geheime Zugangsdaten',
  'Stored sealed; never shown again. Leave a field empty to keep what is set.':
    'Verschlüsselt gespeichert und nie wieder angezeigt. Lassen Sie ein Feld leer, um den gesetzten Wert zu behalten.',
  'Test connection': 'Verbindung testen',
  'Make a webhook URL': 'Webhook-URL erzeugen',
  'New webhook URL': 'Neue Webhook-URL',
  'Save your changes first': 'Speichern Sie zuerst Ihre Änderungen',
  'Save your changes first to test them.': 'Speichern Sie Ihre Änderungen, um sie zu testen.',
  'The connection works.': 'Die Verbindung funktioniert.',
  'The connection does not work.': 'Die Verbindung funktioniert nicht.',
  'The provider says:': 'Antwort des Anbieters:',
  'Detail:': 'Einzelheiten:',
  // Why, as the service names it (networks.ts reasonText); the provider's English words stay beside it.
  'The provider refused the API key or secret.': 'Der Anbieter hat API-Schlüssel oder API-Secret abgelehnt.',
  'The provider does not know the company or legal entity named in the settings for these credentials.':
    'Der Anbieter kennt das in den Einstellungen genannte Unternehmen bzw. die Rechtseinheit mit diesen Zugangsdaten nicht.',
  'The provider cannot be reached or is failing just now; it is tried again.':
    'Der Anbieter ist gerade nicht erreichbar oder gestört; es wird erneut versucht.',
  'The base URL answers, but not as the provider’s API does: check the base URL.':
    'Unter der Basis-URL antwortet etwas, aber nicht die API des Anbieters: Bitte prüfen Sie die Basis-URL.',
  'The provider is asking for fewer requests just now; it is tried again.':
    'Der Anbieter bittet gerade um weniger Anfragen; es wird erneut versucht.',
  'The provider refused the document or the request.':
    'Der Anbieter hat das Dokument bzw. die Anfrage abgelehnt.',
  'The receiving access point rejected the message.':
    'Der Zugangspunkt des Empfängers hat die Nachricht abgelehnt.',
  'The connection is incomplete or switched off: check its settings and secrets.':
    'Die Verbindung ist unvollständig oder ausgeschaltet: Bitte prüfen Sie Einstellungen und Zugangsdaten.',
  'The receiver was found in the provider’s directory.':
    'Der Empfänger wurde im Verzeichnis des Anbieters gefunden.',
  'The webhook URL for the provider, shown only now:':
    'Die Webhook-URL für den Anbieter, nur jetzt angezeigt:',
  'Remove the connection to {name}? Its settings and secrets are deleted.':
    'Die Verbindung zu {name} entfernen? Ihre Einstellungen und Zugangsdaten werden gelöscht.',
  'Setting name': 'Name der Einstellung',
  'Value of {name}': 'Wert von {name}',
  'Text; JSON for numbers, lists and objects': 'Text; JSON für Zahlen, Listen und Objekte',
  'Remove the setting {name}': 'Einstellung {name} entfernen',
  'Add a setting': 'Einstellung hinzufügen',
  'Removed when you save.': 'Wird beim Speichern entfernt.',
  'Set. Type a new one to replace it.': 'Gesetzt. Geben Sie einen neuen Wert ein, um ihn zu ersetzen.',
  'Not set.': 'Nicht gesetzt.',
  'Remove {secret}': '{secret} entfernen',
  'Legal entity ID': 'Legal-Entity-ID',
  'The provider’s number of your company (a whole number)':
    'Die Nummer Ihres Unternehmens beim Anbieter (eine ganze Zahl)',
  'Company ID': 'Company-ID',
  'The company that sends and receives, e.g. c_…': 'Das Unternehmen, das sendet und empfängt, z. B. c_…',
  'Client ID': 'Client-ID',
  'OAuth2 client credentials: with the client secret': 'OAuth2-Client-Credentials: mit dem Client-Secret',
  'Token URL': 'Token-URL',
  'OAuth2 token endpoint; empty: the API token is used as it is':
    'OAuth2-Token-Endpunkt; leer: Das API-Token wird unverändert verwendet',
  'Organization ID': 'Organization-ID',
  'Sent as Organization-Id where the platform asks for it':
    'Als Organization-Id gesendet, wo die Plattform sie verlangt',
  'Directory URL': 'Verzeichnis-URL',
  'The Directory Service; empty: beside the Flow Service':
    'Der Directory Service; leer: neben dem Flow Service',
  'API secret': 'API-Secret',
  'API token': 'API-Token',
  'Client secret': 'Client-Secret',
  'Webhook secret': 'Webhook-Secret',
  'The buyer may not be reachable over Peppol.': 'Der Käufer ist über Peppol womöglich nicht erreichbar.',
  'Finalize anyway?': 'Trotzdem abschließen?',
};
