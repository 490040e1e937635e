CREATE TABLE "matriculas_anteriores" (
	"id" serial PRIMARY KEY NOT NULL,
	"beneficiario_id" integer NOT NULL,
	"matricula" varchar(10) NOT NULL,
	"matricula_nova" varchar(10) NOT NULL,
	"motivo" varchar(200) NOT NULL,
	"usuario_nome" varchar(120) NOT NULL,
	"execucao_id" integer,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mudancas_plano" (
	"id" serial PRIMARY KEY NOT NULL,
	"beneficiario_id" integer NOT NULL,
	"produto_anterior" integer NOT NULL,
	"produto_novo" integer NOT NULL,
	"vigencia" date NOT NULL,
	"execucao_id" integer,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "beneficiarios" ADD COLUMN "classe" varchar(1);--> statement-breakpoint
ALTER TABLE "cartoes" ADD COLUMN "carteirinha_anterior" varchar(16);--> statement-breakpoint
ALTER TABLE "matriculas_anteriores" ADD CONSTRAINT "matriculas_anteriores_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matriculas_anteriores" ADD CONSTRAINT "matriculas_anteriores_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mudancas_plano" ADD CONSTRAINT "mudancas_plano_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mudancas_plano" ADD CONSTRAINT "mudancas_plano_produto_anterior_produtos_id_fk" FOREIGN KEY ("produto_anterior") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mudancas_plano" ADD CONSTRAINT "mudancas_plano_produto_novo_produtos_id_fk" FOREIGN KEY ("produto_novo") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mudancas_plano" ADD CONSTRAINT "mudancas_plano_execucao_id_execucoes_id_fk" FOREIGN KEY ("execucao_id") REFERENCES "public"."execucoes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "matriculas_anteriores_matricula_idx" ON "matriculas_anteriores" USING btree ("matricula");--> statement-breakpoint
CREATE INDEX "matriculas_anteriores_beneficiario_idx" ON "matriculas_anteriores" USING btree ("beneficiario_id");--> statement-breakpoint
CREATE INDEX "matriculas_anteriores_execucao_idx" ON "matriculas_anteriores" USING btree ("execucao_id");--> statement-breakpoint
CREATE INDEX "mudancas_plano_beneficiario_idx" ON "mudancas_plano" USING btree ("beneficiario_id","vigencia");--> statement-breakpoint
CREATE INDEX "mudancas_plano_execucao_idx" ON "mudancas_plano" USING btree ("execucao_id");