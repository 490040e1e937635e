CREATE TABLE "adesoes_servicos" (
	"id" serial PRIMARY KEY NOT NULL,
	"beneficiario_id" integer NOT NULL,
	"servico_id" integer NOT NULL,
	"inicio" date NOT NULL,
	"fim" date,
	"motivo_encerramento" varchar(2),
	"valor_mensal_centavos" bigint NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"encerrado_por" varchar(120),
	"encerrado_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "adesoes_servicos_periodo_ck" CHECK ("adesoes_servicos"."fim" is null or "adesoes_servicos"."fim" >= "adesoes_servicos"."inicio"),
	CONSTRAINT "adesoes_servicos_motivo_ck" CHECK (("adesoes_servicos"."fim" is null) = ("adesoes_servicos"."motivo_encerramento" is null))
);
--> statement-breakpoint
CREATE TABLE "servicos_adicionais" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(20) NOT NULL,
	"nome" varchar(120) NOT NULL,
	"valor_mensal_centavos" bigint NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	CONSTRAINT "servicos_adicionais_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
ALTER TABLE "adesoes_servicos" ADD CONSTRAINT "adesoes_servicos_beneficiario_id_beneficiarios_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adesoes_servicos" ADD CONSTRAINT "adesoes_servicos_servico_id_servicos_adicionais_id_fk" FOREIGN KEY ("servico_id") REFERENCES "public"."servicos_adicionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adesoes_servicos" ADD CONSTRAINT "adesoes_servicos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "adesoes_servicos_aberta_uq" ON "adesoes_servicos" USING btree ("beneficiario_id","servico_id") WHERE "adesoes_servicos"."fim" is null;--> statement-breakpoint
CREATE INDEX "adesoes_servicos_servico_idx" ON "adesoes_servicos" USING btree ("servico_id","inicio","id");--> statement-breakpoint
CREATE INDEX "adesoes_servicos_beneficiario_idx" ON "adesoes_servicos" USING btree ("beneficiario_id");--> statement-breakpoint
-- the default operator profile joins and ends adhesions on the screens it already lists (deny by default elsewhere)
INSERT INTO "perfil_permissoes" ("perfil_id", "permissao") SELECT "id", p FROM "perfis", unnest(ARRAY['adesaoaeromedico:insert', 'adesaoaeromedico:update', 'adesaoodonto:insert', 'adesaoodonto:update']) AS p WHERE "nome" = 'Operadora' ON CONFLICT DO NOTHING;
