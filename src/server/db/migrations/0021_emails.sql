CREATE TABLE "emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"prestador_id" integer,
	"para" varchar(120) NOT NULL,
	"nome" varchar(150) NOT NULL,
	"assunto" varchar(300) NOT NULL,
	"corpo" text NOT NULL,
	"status" varchar(10) DEFAULT 'pendente' NOT NULL,
	"erro" varchar(1000),
	"tentativas" integer DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	"execucao_id" integer
);
--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_prestador_id_prestadores_id_fk" FOREIGN KEY ("prestador_id") REFERENCES "public"."prestadores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "emails_execucao_idx" ON "emails" USING btree ("execucao_id","id");--> statement-breakpoint
CREATE INDEX "emails_prestador_idx" ON "emails" USING btree ("prestador_id");--> statement-breakpoint
CREATE INDEX "emails_pendente_idx" ON "emails" USING btree ("id") WHERE "emails"."status" = 'pendente';