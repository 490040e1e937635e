CREATE TABLE "remessas_ans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"competencia" varchar(7) NOT NULL,
	"nome_arquivo" varchar(150) NOT NULL,
	"hash" varchar(32) NOT NULL,
	"registros" integer NOT NULL,
	"execucao_id" integer,
	"usuario_id" integer,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remessas_ans_registros" (
	"id" serial PRIMARY KEY NOT NULL,
	"remessa_id" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"chave" varchar(40) NOT NULL,
	"movimento" varchar(20) NOT NULL,
	"assinatura" varchar(32) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remessas_ans" ADD CONSTRAINT "remessas_ans_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remessas_ans" ADD CONSTRAINT "remessas_ans_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remessas_ans_registros" ADD CONSTRAINT "remessas_ans_registros_remessa_id_remessas_ans_id_fk" FOREIGN KEY ("remessa_id") REFERENCES "public"."remessas_ans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remessas_ans_tipo_idx" ON "remessas_ans" USING btree ("tipo","em");--> statement-breakpoint
CREATE INDEX "remessas_ans_registros_chave_idx" ON "remessas_ans_registros" USING btree ("tipo","chave","remessa_id");--> statement-breakpoint
CREATE INDEX "remessas_ans_registros_remessa_idx" ON "remessas_ans_registros" USING btree ("remessa_id");