// The guard of upgrades (docs/upgrading.md): a data dir or database keeps the migrations it ran, and the
// runner applies every embedded migration later than the last one it recorded. A migration changed once it
// shipped (its statements, or its journal time regenerated) is applied again to databases that ran it, or
// never: so no migration here may change once it landed, and each must be later than the one before.
// A new migration is added to SHIPPED when it lands.
import { describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import {
  type EmbeddedMigration,
  embeddedMigrations,
  embeddedPostgresMigrations,
} from '../../src/db/embedded-migrations';

/** What the runner records of a migration: the SHA-256 of its text. */
const migrationHash = (m: EmbeddedMigration) => createHash('sha256').update(m.sql).digest('hex');

/**
 * What each migration was when this list was written (tag, journal time, the first 16 hex digits of the
 * SHA-256 the runner records). A data dir that ran one keeps what it ran: an edit reaches only new
 * databases, a changed journal time applies it again. Change a schema with a new migration
 * (`npm run db:generate -- <name>`), never by editing one here; add new ones to this list once they ship.
 */
const SHIPPED: Record<'sqlite' | 'postgresql', [string, number, string][]> = {
  sqlite: [
    ['0000_platform', 1795240841406, '59c736f47e52f07c'],
    ['0001_documents', 1795241724616, '32b22a22c5f5e4e2'],
    ['0002_renders-usage', 1795242921236, '41cb1d3d1766085b'],
    ['0003_templates-branding-files', 1795243741190, 'e174187f02c39956'],
    ['0004_jobs', 1795246630461, '28429bd22875941d'],
    ['0005_imports', 1795247165291, 'cb13334958d4d78c'],
    ['0006_background_work', 1795247856818, '0f931f605b25d2e6'],
    ['0007_billing_roles', 1795248980321, 'b01d162dd27c1f40'],
    ['0008_imports_created_by', 1795251725431, 'c664e0114b2d96f2'],
    ['0009_branding_color_choices', 1795582308620, '894cd64ceca2deea'],
    ['0010_received_documents', 1795592167540, '1d199516f9b796e0'],
    ['0011_electronic_addresses', 1795600816269, '1a41900237f3577f'],
    ['0012_open_lake', 1795689220648, '22dca03764693606'],
    ['0013_users_sessions', 1795693511773, '643c2bd4830c03ca'],
    ['0014_german_invoicing', 1795693772091, 'dbd944ffacb0b736'],
    ['0015_payments', 1795694850622, '3723944499d85cc5'],
    ['0016_received_payments', 1795696045999, '0ffd4b3378eae786'],
    ['0017_new_iron_monger', 1795698480012, '30d2da1295c668b8'],
    ['0018_usage_holds', 1795701373427, '4687ae575e2c511b'],
    ['0019_dunning', 1795701378089, '49fab6e21d1d762d'],
    ['0020_exports', 1795701521579, '878deeec9ddd0c1f'],
    ['0021_absent_bloodstorm', 1795704272148, '912bbd486c2d87d5'],
    ['0022_leases_and_rate_limits', 1795708633391, 'ffcb031b58dbde2f'],
    ['0023_delivery_mail_facts', 1796164807997, '5e7d43c395331669'],
    ['0024_documents_amount_credited', 1796165465011, 'f3fd84668a139a2c'],
    ['0025_cost_centres', 1796176448906, 'd39a77896a4f6f6e'],
    ['0026_issued_files', 1796177065209, 'b0a29664b4cb9f00'],
    ['0027_office', 1796181621232, 'f83943c8bfbb9300'],
    ['0028_channels', 1796184333302, '631cbbc4e0943de2'],
    ['0029_usage_month_counter', 1796185725728, '27c83c79d8235cc4'],
    ['0030_reports_in_sql', 1796195607809, 'fc9453493e4efe28'],
    ['0031_kept_month_sums', 1796219801259, '16ffccdad7615793'],
    ['0032_receivable_items', 1796230574294, '23ee51080bfbdab4'],
    ['0033_payable_items', 1796230860203, '8398274b9cf7b5e2'],
    ['0034_customer_contact', 1796455933493, '558087ecb4305e3c'],
    ['0035_profile_contact_legal', 1796456670277, 'ae103062225d81b7'],
    ['0036_products_price_base_quantity', 1796474494376, 'e117120e8a2c053c'],
    ['0037_payable_items_tax_key', 1796484513698, '797230fddb0c91cf'],
    ['0038_profile_default_tax', 1796505030147, 'f256ffaca4cec838'],
    ['0039_credit_note_signs', 1796528402583, '4cbcd3271bd192f3'],
    ['0040_received_copies', 1796537246952, '92c66201d5d1b639'],
    ['0041_network_delivery_guards', 1796569212279, '58aa01783d4112e2'],
    ['0042_received_euro_rate', 1796582463408, '74e85364804ef52c'],
    ['0043_sessions_remember', 1796627651167, 'de0d21f62f2c895d'],
    ['0044_invitations_name', 1796639484747, '506d7d9c1d6fe9bb'],
    ['0045_recurring_auto_send', 1796639769353, 'dc99020eda71beaa'],
    ['0046_products_article_number', 1796650150593, 'c9f8a1a31960727f'],
    ['0047_numbering_gaps', 1796650203528, '10d2c6bf72465e6b'],
    ['0048_workspace_members_via_office', 1796660598558, '61126dc96eb67530'],
    ['0049_customer_default_tax', 1796673463768, '3b9a7a720fa4d711'],
    ['0050_network_reason_codes', 1796682692451, '6805cc37ef6b0985'],
    ['0051_datev_exports_booked_until', 1796684877182, 'deeb400bb6cd4eb1'],
  ],
  postgresql: [
    ['0000_init', 1795708584970, '69a0cd68aaf17046'],
    ['0001_sqlite-functions', 1795708597201, 'f9ff6320cc2012a1'],
    ['0002_leases_and_rate_limits', 1795710773077, '4008cb698d7f1c5a'],
    ['0003_delivery_mail_facts', 1796164808638, 'cacefb7c1dd4f9a0'],
    ['0004_documents_amount_credited', 1796165466003, '34a99c8d047211e7'],
    ['0005_cost_centres', 1796176450007, '7cf459fd6977b457'],
    ['0006_issued_files', 1796177066048, '6c789a175eb8631a'],
    ['0007_office', 1796181622000, '0df5f0fb05ca5854'],
    ['0008_channels', 1796184334051, '40146e259af9bd26'],
    ['0009_usage_month_counter', 1796185726601, '88142c462d1a09a6'],
    ['0010_reports_in_sql', 1796195608743, '3a661367310abf0e'],
    ['0011_kept_month_sums', 1796219802102, '94e0a90863839d51'],
    ['0012_receivable_items', 1796230574924, '48bf01f724200e83'],
    ['0013_payable_items', 1796230860959, '90ba770d0c57e5fa'],
    ['0014_kept_sums_counted_only', 1796275907477, 'b19ede9a78665907'],
    ['0015_customer_contact', 1796455934355, '589a124aa0039aa0'],
    ['0016_profile_contact_legal', 1796456670925, '728b03eedb9be45d'],
    ['0017_products_price_base_quantity', 1796474495035, 'e3a7c9bbe84db7e4'],
    ['0018_payable_items_tax_key', 1796484517559, 'b32096d1caad3de9'],
    ['0019_profile_default_tax', 1796505031582, '6f64ee128426e2ae'],
    ['0020_credit_note_signs', 1796528403795, 'f2e020e760f67504'],
    ['0021_received_copies', 1796537248196, '4fdfded6154d06fb'],
    ['0022_network_delivery_guards', 1796569215246, 'f9c9327ccfeb9e61'],
    ['0023_received_euro_rate', 1796582465240, '6aa18af9cf639f1e'],
    ['0024_sessions_remember', 1796627652404, '9813c25abd894fdf'],
    ['0025_invitations_name', 1796639485714, 'd069207bc9b15570'],
    ['0026_recurring_auto_send', 1796639770788, '306165d9d7936914'],
    ['0027_products_article_number', 1796650151453, 'b97c05266b1eba7d'],
    ['0028_numbering_gaps', 1796650204267, 'd4fcc13cd2482122'],
    ['0029_workspace_members_via_office', 1796660601129, '4a677f8b430df746'],
    ['0030_customer_default_tax', 1796673470035, 'db463006b1ebe343'],
    ['0031_network_reason_codes', 1796682693526, 'c04c2b88f7921f27'],
    ['0032_datev_exports_booked_until', 1796684878210, '41a7b444d2748734'],
  ],
};

describe.each([
  ['sqlite', embeddedMigrations],
  ['postgresql', embeddedPostgresMigrations],
] as const)('the %s migrations, once shipped', (engine, list) => {
  test('are not changed: the same journal time and the same statements', () => {
    const now = list.map((m): [string, number, string] => [
      m.tag,
      m.createdAt,
      migrationHash(m).slice(0, 16),
    ]);
    expect(now.slice(0, SHIPPED[engine].length)).toEqual(SHIPPED[engine]);
  });

  test('each is later than the one before (the runner applies what is later than the last applied)', () => {
    for (let i = 1; i < list.length; i++) {
      expect(list[i]?.createdAt ?? 0).toBeGreaterThan(list[i - 1]?.createdAt ?? 0);
    }
  });
});
