ALTER TABLE "autorizacoes" ADD COLUMN "dados_clinicos" jsonb;--> statement-breakpoint
CREATE INDEX "autorizacao_itens_codigo_idx" ON "autorizacao_itens" USING btree ("codigo","autorizacao_id");--> statement-breakpoint
CREATE INDEX "autorizacoes_fila_carater_idx" ON "autorizacoes" USING btree ("status","carater" DESC NULLS FIRST,"data_solicitacao","id","tipo");--> statement-breakpoint
CREATE INDEX "autorizacoes_executante_idx" ON "autorizacoes" USING btree ("prestador_executante_id","data_solicitacao") WHERE "autorizacoes"."prestador_executante_id" is not null;