CREATE TABLE "lancamentos_contabeis" (
	"id" serial PRIMARY KEY NOT NULL,
	"competencia" varchar(7) NOT NULL,
	"data" date NOT NULL,
	"origem" varchar(20) NOT NULL,
	"documento_tipo" varchar(10) NOT NULL,
	"documento_id" integer NOT NULL,
	"documento" varchar(20) NOT NULL,
	"conta_debito" varchar(9) NOT NULL,
	"conta_credito" varchar(9) NOT NULL,
	"valor_centavos" bigint NOT NULL,
	"historico" varchar(200) NOT NULL,
	"estorno_de" integer,
	"estornado" boolean DEFAULT false NOT NULL,
	"execucao_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "retencoes_pagamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"pagamento_id" integer NOT NULL,
	"tributo" varchar(6) NOT NULL,
	"codigo_receita" varchar(4),
	"natureza_rendimento" varchar(5),
	"base_centavos" bigint NOT NULL,
	"aliquota" varchar(8),
	"valor_centavos" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pagamentos_prestadores" ADD COLUMN "vencimento" date;--> statement-breakpoint
ALTER TABLE "pagamentos_prestadores" ADD COLUMN "estornado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pagamentos_prestadores" ADD COLUMN "estornado_por" varchar(120);--> statement-breakpoint
ALTER TABLE "pagamentos_prestadores" ADD COLUMN "estorno_motivo" varchar(500);--> statement-breakpoint
ALTER TABLE "prestadores" ADD COLUMN "grupo_imposto" integer;--> statement-breakpoint
ALTER TABLE "prestadores" ADD COLUMN "data_nascimento" date;--> statement-breakpoint
ALTER TABLE "prestadores" ADD COLUMN "natureza_rendimento" integer;--> statement-breakpoint
ALTER TABLE "lancamentos_contabeis" ADD CONSTRAINT "lancamentos_contabeis_estorno_de_lancamentos_contabeis_id_fk" FOREIGN KEY ("estorno_de") REFERENCES "public"."lancamentos_contabeis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lancamentos_contabeis" ADD CONSTRAINT "lancamentos_contabeis_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retencoes_pagamentos" ADD CONSTRAINT "retencoes_pagamentos_pagamento_id_pagamentos_prestadores_id_fk" FOREIGN KEY ("pagamento_id") REFERENCES "public"."pagamentos_prestadores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lancamentos_contabeis_competencia_idx" ON "lancamentos_contabeis" USING btree ("competencia","id");--> statement-breakpoint
CREATE INDEX "retencoes_pagamentos_pagamento_idx" ON "retencoes_pagamentos" USING btree ("pagamento_id","tributo");--> statement-breakpoint
ALTER TABLE "prestadores" ADD CONSTRAINT "prestadores_grupo_imposto_grupos_impostos_id_fk" FOREIGN KEY ("grupo_imposto") REFERENCES "public"."grupos_impostos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "prestadores" ADD CONSTRAINT "prestadores_natureza_rendimento_naturezas_rendimentos_id_fk" FOREIGN KEY ("natureza_rendimento") REFERENCES "public"."naturezas_rendimentos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "prestadores_grupo_imposto_idx" ON "prestadores" USING btree ("grupo_imposto");--> statement-breakpoint
CREATE INDEX "prestadores_natureza_rendimento_idx" ON "prestadores" USING btree ("natureza_rendimento");