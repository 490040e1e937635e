CREATE TABLE "naturezas_rendimentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(5) NOT NULL,
	"descricao" varchar(300) NOT NULL,
	"descricao_busca" varchar(300) COLLATE "C" GENERATED ALWAYS AS (lower(translate("descricao", 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿªº°', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyyaoo'))) STORED,
	"grupo" varchar(2) NOT NULL,
	"tipo_beneficiario" varchar(5) NOT NULL,
	"retem_ir" boolean DEFAULT false NOT NULL,
	"retem_csrf" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"inicio_vigencia" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "naturezas_rendimentos_codigo_uq" ON "naturezas_rendimentos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "naturezas_rendimentos_codigo_idx" ON "naturezas_rendimentos" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "naturezas_rendimentos_descricao_idx" ON "naturezas_rendimentos" USING btree ("descricao_busca");