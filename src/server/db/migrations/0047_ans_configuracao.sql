CREATE TABLE "bases_tps" (
	"id" serial PRIMARY KEY NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"valor_beneficiario" bigint NOT NULL,
	"parcelas_ano" integer NOT NULL,
	"idade_limite" integer NOT NULL,
	"descontos_desde" date,
	"observacao" varchar(500),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "descontos_tps" (
	"id" serial PRIMARY KEY NOT NULL,
	"criterio" varchar(11) NOT NULL,
	"segmentacao" varchar(9),
	"abrangencia" varchar(16),
	"contratacao" varchar(11),
	"efeito" varchar(9) NOT NULL,
	"percentual" numeric(7, 2) NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"fundamento" varchar(200),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indicadores_idss" (
	"id" serial PRIMARY KEY NOT NULL,
	"dimensao" varchar(4) NOT NULL,
	"codigo" varchar(10) NOT NULL,
	"codigo_busca" varchar(10) COLLATE "C" GENERATED ALWAYS AS (lower(translate("codigo", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"nome" varchar(150) NOT NULL,
	"nome_busca" varchar(150) COLLATE "C" GENERATED ALWAYS AS (lower(translate("nome", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"formula" varchar(500),
	"calculo" varchar(19) NOT NULL,
	"valor_informado" numeric(12, 4),
	"peso" numeric(6, 2) NOT NULL,
	"meta" numeric(12, 4),
	"sentido" varchar(5) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "itens_sip" (
	"id" serial PRIMARY KEY NOT NULL,
	"item" varchar(1) NOT NULL,
	"ordem" integer NOT NULL,
	"tipos_guia" varchar(200),
	"tipos_guia_busca" varchar(200) COLLATE "C" GENERATED ALWAYS AS (lower(translate("tipos_guia", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"prefixos_tuss" varchar(300),
	"prefixos_tuss_busca" varchar(300) COLLATE "C" GENERATED ALWAYS AS (lower(translate("prefixos_tuss", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"meta_trimestral" integer,
	"descricao" varchar(400),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bases_tps_inicio_vigencia_idx" ON "bases_tps" USING btree ("inicio_vigencia");--> statement-breakpoint
CREATE INDEX "descontos_tps_criterio_idx" ON "descontos_tps" USING btree ("criterio");--> statement-breakpoint
CREATE UNIQUE INDEX "indicadores_idss_codigo_uq" ON "indicadores_idss" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "indicadores_idss_codigo_idx" ON "indicadores_idss" USING btree ("codigo_busca");--> statement-breakpoint
CREATE INDEX "indicadores_idss_nome_idx" ON "indicadores_idss" USING btree ("nome_busca");--> statement-breakpoint
CREATE INDEX "itens_sip_ordem_idx" ON "itens_sip" USING btree ("ordem");--> statement-breakpoint
CREATE INDEX "itens_sip_tipos_guia_idx" ON "itens_sip" USING btree ("tipos_guia_busca");--> statement-breakpoint
CREATE INDEX "itens_sip_prefixos_tuss_idx" ON "itens_sip" USING btree ("prefixos_tuss_busca");--> statement-breakpoint
-- the SIP rules the code held until now (src/shared/sip/analise.ts ITENS_SIP): the figures do not move
INSERT INTO "itens_sip" ("item", "ordem", "tipos_guia", "prefixos_tuss", "descricao") VALUES
  ('H', 1, 'ODONTO, ANEXO_ODONTO', '8', 'Guias odontológicas e códigos TUSS iniciados por 8 (odontologia).'),
  ('E', 2, 'INTERNACAO, PRORROGACAO', '10102, 10104', 'Todos os itens das guias de internação e de prorrogação, e as visitas hospitalares e o intensivista (10102, 10104).'),
  ('A', 3, NULL, '101010', 'Consultas em consultório, em domicílio e em pronto-socorro (101010).'),
  ('D', 4, 'ANEXO_QUIMIO, ANEXO_RADIO', '20104, 31601, 31602, 412, 40401, 30909, 31008', 'Terapêutica clínica (20104), acupuntura e analgesia (31601, 31602), radioterapia (412), transfusão (40401), hemodiálise (30909), diálise peritoneal (31008) e os anexos de quimioterapia e radioterapia.'),
  ('C', 5, NULL, '40, 410, 411, 413, 414, 415', 'Procedimentos diagnósticos (40 e 410, 411, 413, 414, 415: laboratório, imagem, métodos gráficos).'),
  ('B', 6, NULL, '2, 3, 50', 'Procedimentos clínicos e cirúrgicos ambulatoriais (2 e 3) e as sessões com outros profissionais de saúde (50).'),
  ('G', 7, NULL, NULL, 'Taxas, materiais e medicamentos (tabelas 18, 19 e 20) e os demais procedimentos.');
