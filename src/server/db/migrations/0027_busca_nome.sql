-- Name search by any part of the name (src/server/lists/busca-nome.ts): a trigram index on the folded name of each
-- large table of people, so `nome_busca like '%souz%'` reads the index instead of every row. pg_trgm is a trusted
-- contrib extension (PostgreSQL 13+: the database owner may create it; Debian's postgresql package ships it) and PGlite
-- loads it in the constructor (src/server/db/client.ts). Prefixes of 1–2 letters keep the btree on nome_busca ("C").
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The grid reads a page of ids in the name's order: with the id beside the name, a common fragment ("ilva": 3% of the
-- rows) is filtered on the index alone, no row read until the page is cut.
CREATE INDEX IF NOT EXISTS "beneficiarios_nome_busca_id_idx" ON "beneficiarios" ("nome_busca", "id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "beneficiarios_nome_trgm_idx" ON "beneficiarios" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prestadores_nome_trgm_idx" ON "prestadores" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "prestadores_indiretos_nome_trgm_idx" ON "prestadores_indiretos" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profissionais_nome_trgm_idx" ON "profissionais" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fornecedores_nome_trgm_idx" ON "fornecedores" USING gin ("nome_busca" gin_trgm_ops);
