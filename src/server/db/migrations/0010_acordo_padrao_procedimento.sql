CREATE TABLE "acordos_padrao_procedimentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"produto" integer NOT NULL,
	"procedimento" integer NOT NULL,
	"coberto" boolean DEFAULT true NOT NULL,
	"exige_autorizacao" boolean DEFAULT false NOT NULL,
	"exige_auditoria" boolean DEFAULT false NOT NULL,
	"percentual_coparticipacao" numeric(7, 2),
	"valor_maximo_coparticipacao" bigint,
	"carencia_dias" integer,
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"observacao" varchar(500),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "acordos_padrao_procedimentos" ADD CONSTRAINT "acordos_padrao_procedimentos_produto_produtos_id_fk" FOREIGN KEY ("produto") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "acordos_padrao_procedimentos" ADD CONSTRAINT "acordos_padrao_procedimentos_procedimento_procedimentos_id_fk" FOREIGN KEY ("procedimento") REFERENCES "public"."procedimentos"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "acordos_padrao_procedimentos_produto_idx" ON "acordos_padrao_procedimentos" USING btree ("produto");--> statement-breakpoint
CREATE INDEX "acordos_padrao_procedimentos_procedimento_idx" ON "acordos_padrao_procedimentos" USING btree ("procedimento");--> statement-breakpoint
CREATE INDEX "acordos_padrao_procedimentos_produto_procedimento_idx" ON "acordos_padrao_procedimentos" USING btree ("produto","procedimento");