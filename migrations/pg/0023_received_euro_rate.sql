-- A received foreign-currency document's rate to the euro as the bookkeeper sets it (PATCH exchange_rate,
-- docs/receiving.md) when its file states none: the DATEV export books it (Kurs, Basis-Umsatz).
ALTER TABLE "received_documents" ADD COLUMN "euro_rate" text COLLATE "C";
