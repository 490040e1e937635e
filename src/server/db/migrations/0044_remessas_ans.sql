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
ALTER TABLE "operadoras" ADD COLUMN "cep" varchar(8);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "cidade" integer;--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "logradouro" varchar(120);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "numero" varchar(10);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "complemento" varchar(60);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "bairro" varchar(60);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "telefone" varchar(11);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "email" varchar(120);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "representante_nome" varchar(150);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "representante_cpf" varchar(11);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "representante_cargo" varchar(60);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "diretor_tecnico_nome" varchar(150);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "diretor_tecnico_cpf" varchar(11);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "diretor_tecnico_crm" varchar(15);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "diretor_tecnico_uf_crm" varchar(2);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "auditor_nome" varchar(150);--> statement-breakpoint
ALTER TABLE "operadoras" ADD COLUMN "auditor_cnpj" varchar(14);--> statement-breakpoint
ALTER TABLE "remessas_ans" ADD CONSTRAINT "remessas_ans_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remessas_ans" ADD CONSTRAINT "remessas_ans_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remessas_ans_registros" ADD CONSTRAINT "remessas_ans_registros_remessa_id_remessas_ans_id_fk" FOREIGN KEY ("remessa_id") REFERENCES "public"."remessas_ans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remessas_ans_tipo_idx" ON "remessas_ans" USING btree ("tipo","em");--> statement-breakpoint
CREATE INDEX "remessas_ans_registros_chave_idx" ON "remessas_ans_registros" USING btree ("tipo","chave","remessa_id");--> statement-breakpoint
CREATE INDEX "remessas_ans_registros_remessa_idx" ON "remessas_ans_registros" USING btree ("remessa_id");--> statement-breakpoint
ALTER TABLE "operadoras" ADD CONSTRAINT "operadoras_cidade_cidades_id_fk" FOREIGN KEY ("cidade") REFERENCES "public"."cidades"("id") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "operadoras_cidade_idx" ON "operadoras" USING btree ("cidade");