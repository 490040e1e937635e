CREATE TABLE "avisos" (
	"id" serial PRIMARY KEY NOT NULL,
	"titulo" varchar(120) NOT NULL,
	"mensagem" text NOT NULL,
	"tipo" varchar(10) DEFAULT 'info' NOT NULL,
	"inicio" date NOT NULL,
	"fim" date,
	"perfil" varchar(30)
);
--> statement-breakpoint
CREATE TABLE "beneficiarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(150) NOT NULL,
	"cpf" varchar(11),
	"data_nascimento" date,
	"email" varchar(120),
	"telefone" varchar(11),
	"cep" varchar(8),
	"cadastro_atualizado_em" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cidades" (
	"id" integer PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"uf" varchar(2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "falhas_login" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" varchar(60) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grupo_permissoes" (
	"grupo_id" integer NOT NULL,
	"permissao" varchar(120) NOT NULL,
	CONSTRAINT "grupo_permissoes_grupo_id_permissao_pk" PRIMARY KEY("grupo_id","permissao")
);
--> statement-breakpoint
CREATE TABLE "grupos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"valida_senha" boolean DEFAULT false NOT NULL,
	CONSTRAINT "grupos_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "prestadores" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(20) NOT NULL,
	"nome" varchar(150) NOT NULL,
	"adicional" varchar(150),
	"tipo_pessoa" varchar(1) NOT NULL,
	"cpf" varchar(11),
	"cnpj" varchar(14),
	"inicio_vigencia" date NOT NULL,
	"fim_vigencia" date,
	"nome_busca" varchar(150) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "prestadores_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "sessoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"revogada_em" timestamp with time zone,
	"senha_validada_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ufs" (
	"sigla" varchar(2) PRIMARY KEY NOT NULL,
	"nome" varchar(40) NOT NULL,
	"ibge" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"login" varchar(60) NOT NULL,
	"nome" varchar(120) NOT NULL,
	"email" varchar(120),
	"senha_hash" text NOT NULL,
	"senha_expira_em" timestamp with time zone,
	"grupo_id" integer NOT NULL,
	"operadora" boolean DEFAULT false NOT NULL,
	"prestador" boolean DEFAULT false NOT NULL,
	"prestador_administrativo" boolean DEFAULT false NOT NULL,
	"dependente" boolean DEFAULT false NOT NULL,
	"beneficiario" boolean DEFAULT false NOT NULL,
	"ouvidoria" boolean DEFAULT false NOT NULL,
	"auditor" boolean DEFAULT false NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"ura_terminal" varchar(20),
	"beneficiario_id" integer,
	"prestador_id" integer,
	"ativo" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "usuarios_login_unique" UNIQUE("login")
);
--> statement-breakpoint
ALTER TABLE "cidades" ADD CONSTRAINT "cidades_uf_ufs_sigla_fk" FOREIGN KEY ("uf") REFERENCES "public"."ufs"("sigla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_permissoes" ADD CONSTRAINT "grupo_permissoes_grupo_id_grupos_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes" ADD CONSTRAINT "sessoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_grupo_id_grupos_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "beneficiarios_cpf_idx" ON "beneficiarios" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "cidades_uf_nome_idx" ON "cidades" USING btree ("uf","nome");--> statement-breakpoint
CREATE INDEX "falhas_login_login_idx" ON "falhas_login" USING btree ("login","em");--> statement-breakpoint
CREATE INDEX "falhas_login_ip_idx" ON "falhas_login" USING btree ("ip","em");--> statement-breakpoint
CREATE INDEX "prestadores_nome_busca_idx" ON "prestadores" USING btree ("nome_busca" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "prestadores_cpf_idx" ON "prestadores" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "prestadores_cnpj_idx" ON "prestadores" USING btree ("cnpj");--> statement-breakpoint
CREATE UNIQUE INDEX "sessoes_token_hash_idx" ON "sessoes" USING btree ("token_hash");