ALTER TABLE "protocolos_recebimento" ADD COLUMN "valor_glosa_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "protocolos_recebimento" ADD COLUMN "valor_liberado_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "protocolos_recebimento_fechamento_idx" ON "protocolos_recebimento" USING btree ("analise_encerrada_em","id") WHERE "protocolos_recebimento"."status" not in ('1', '2') and ("protocolos_recebimento"."valor_glosa_centavos" > 0 or "protocolos_recebimento"."glosa_fechada_em" is not null);--> statement-breakpoint
CREATE INDEX "protocolos_recebimento_fechamento_valor_idx" ON "protocolos_recebimento" USING btree ("valor_glosa_centavos","id") WHERE "protocolos_recebimento"."status" not in ('1', '2') and ("protocolos_recebimento"."valor_glosa_centavos" > 0 or "protocolos_recebimento"."glosa_fechada_em" is not null);--> statement-breakpoint
CREATE INDEX "recursos_glosa_protocolo_idx" ON "recursos_glosa" USING btree ("protocolo_id");--> statement-breakpoint
-- backfill: each protocol's totals are the sums of its guides' (src/server/faturamento/totais-protocolo.ts keeps them from here on)
UPDATE "protocolos_recebimento" pr SET "valor_glosa_centavos" = t.glosa, "valor_liberado_centavos" = t.liberado
FROM (SELECT g.protocolo_id, coalesce(sum(g.valor_glosa_centavos), 0) AS glosa, coalesce(sum(g.valor_liberado_centavos), 0) AS liberado FROM guias_faturadas g GROUP BY g.protocolo_id) t
WHERE t.protocolo_id = pr.id;
