DROP INDEX "beneficiarios_produto_nome_idx";--> statement-breakpoint
DROP INDEX "beneficiarios_empresa_nome_idx";--> statement-breakpoint
CREATE INDEX "beneficiarios_produto_nome_id_idx" ON "beneficiarios" USING btree ("produto","nome_busca","id");--> statement-breakpoint
CREATE INDEX "beneficiarios_empresa_nome_id_idx" ON "beneficiarios" USING btree ("empresa","nome_busca","id");