CREATE TABLE "guias_dam" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" varchar(20) NOT NULL,
	"competencia" varchar(7) NOT NULL,
	"municipio" integer NOT NULL,
	"vencimento" date NOT NULL,
	"servicos" integer NOT NULL,
	"valor_iss_centavos" bigint NOT NULL,
	"status" varchar(10) DEFAULT 'EMITIDA' NOT NULL,
	"execucao_id" integer,
	"emitido_por" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelado_em" timestamp with time zone,
	"cancelado_por" varchar(120),
	"motivo_cancelamento" varchar(500),
	CONSTRAINT "guias_dam_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
ALTER TABLE "guias_dam" ADD CONSTRAINT "guias_dam_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guias_dam_emitida_idx" ON "guias_dam" USING btree ("competencia","municipio") WHERE "guias_dam"."status" = 'EMITIDA';--> statement-breakpoint
CREATE INDEX "guias_dam_competencia_idx" ON "guias_dam" USING btree ("competencia","status");