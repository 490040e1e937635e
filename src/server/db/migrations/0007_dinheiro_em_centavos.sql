-- Money as integer centavos in 64 bits (issue 12): reais in numeric(14,2) become centavos, keeping every value;
-- the authorizations' centavos widen from 32 to 64 bits.
ALTER TABLE "aliquotas_iof" ALTER COLUMN "faixa_inicial" SET DATA TYPE bigint USING round("faixa_inicial" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "aliquotas_iof" ALTER COLUMN "faixa_final" SET DATA TYPE bigint USING round("faixa_final" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "aliquotas_iof" ALTER COLUMN "deducao" SET DATA TYPE bigint USING round("deducao" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "aliquotas_irrf" ALTER COLUMN "faixa_inicial" SET DATA TYPE bigint USING round("faixa_inicial" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "aliquotas_irrf" ALTER COLUMN "faixa_final" SET DATA TYPE bigint USING round("faixa_final" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "aliquotas_irrf" ALTER COLUMN "deducao" SET DATA TYPE bigint USING round("deducao" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "autorizacao_itens" ALTER COLUMN "valor_centavos" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "autorizacoes" ALTER COLUMN "valor_centavos" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "brasindice_materiais" ALTER COLUMN "pmc" SET DATA TYPE bigint USING round("pmc" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "brasindice_materiais" ALTER COLUMN "pfb" SET DATA TYPE bigint USING round("pfb" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "brasindice_medicamentos" ALTER COLUMN "pmc" SET DATA TYPE bigint USING round("pmc" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "brasindice_medicamentos" ALTER COLUMN "pfb" SET DATA TYPE bigint USING round("pfb" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "coparticipacoes" ALTER COLUMN "valor_maximo" SET DATA TYPE bigint USING round("valor_maximo" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "cotas_uniao" ALTER COLUMN "valor_per_capita" SET DATA TYPE bigint USING round("valor_per_capita" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "eventos_mensais" ALTER COLUMN "valor_padrao" SET DATA TYPE bigint USING round("valor_padrao" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "faixas_etarias" ALTER COLUMN "valor" SET DATA TYPE bigint USING round("valor" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "fundos_reserva" ALTER COLUMN "valor_provisionado" SET DATA TYPE bigint USING round("valor_provisionado" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "joias" ALTER COLUMN "valor" SET DATA TYPE bigint USING round("valor" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "limites_coparticipacao" ALTER COLUMN "valor_limite" SET DATA TYPE bigint USING round("valor_limite" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "limites_impostos" ALTER COLUMN "valor_limite" SET DATA TYPE bigint USING round("valor_limite" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "materiais" ALTER COLUMN "valor" SET DATA TYPE bigint USING round("valor" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "medicamentos" ALTER COLUMN "valor" SET DATA TYPE bigint USING round("valor" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "pacotes" ALTER COLUMN "valor" SET DATA TYPE bigint USING round("valor" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "percentuais_reducao_margem" ALTER COLUMN "faixa_inicial" SET DATA TYPE bigint USING round("faixa_inicial" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "percentuais_reducao_margem" ALTER COLUMN "faixa_final" SET DATA TYPE bigint USING round("faixa_final" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "portes_honorarios" ALTER COLUMN "valor" SET DATA TYPE bigint USING round("valor" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "procedimentos" ALTER COLUMN "valor" SET DATA TYPE bigint USING round("valor" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "quotas_emprestimo" ALTER COLUMN "valor_maximo" SET DATA TYPE bigint USING round("valor_maximo" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "retencoes_minimas" ALTER COLUMN "valor_minimo" SET DATA TYPE bigint USING round("valor_minimo" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "servicos_aps" ALTER COLUMN "valor" SET DATA TYPE bigint USING round("valor" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "subsidios_contribuicao" ALTER COLUMN "valor_maximo" SET DATA TYPE bigint USING round("valor_maximo" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "tabelas_parcelamento_valor" ALTER COLUMN "valor_inicial" SET DATA TYPE bigint USING round("valor_inicial" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "tabelas_parcelamento_valor" ALTER COLUMN "valor_final" SET DATA TYPE bigint USING round("valor_final" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "tabelas_parcelamento_valor" ALTER COLUMN "parcela_minima" SET DATA TYPE bigint USING round("parcela_minima" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "taxas" ALTER COLUMN "valor" SET DATA TYPE bigint USING round("valor" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "taxas_boleto" ALTER COLUMN "valor" SET DATA TYPE bigint USING round("valor" * 100)::bigint;--> statement-breakpoint
ALTER TABLE "taxas_cartao" ALTER COLUMN "valor" SET DATA TYPE bigint USING round("valor" * 100)::bigint;--> statement-breakpoint
-- OPME attachments keep each material's unit value in the clinical data: reais there become centavos too
UPDATE "autorizacoes" SET "dados_clinicos" = jsonb_set("dados_clinicos", '{materiais}', (
  SELECT jsonb_agg(CASE WHEN jsonb_typeof(m->'valor') = 'number' THEN jsonb_set(m, '{valor}', to_jsonb(round((m->>'valor')::numeric * 100)::bigint)) ELSE m END)
  FROM jsonb_array_elements("dados_clinicos"->'materiais') m))
WHERE "tipo" = 'ANEXO_OPME' AND jsonb_typeof("dados_clinicos"->'materiais') = 'array' AND jsonb_array_length("dados_clinicos"->'materiais') > 0;
