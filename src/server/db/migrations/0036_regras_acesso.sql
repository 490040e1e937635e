CREATE TABLE "grupo_regras_perfis" (
	"grupo_id" integer NOT NULL,
	"perfil_id" integer NOT NULL,
	CONSTRAINT "grupo_regras_perfis_grupo_id_perfil_id_pk" PRIMARY KEY("grupo_id","perfil_id")
);
--> statement-breakpoint
CREATE TABLE "grupo_regras_usuarios" (
	"grupo_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	CONSTRAINT "grupo_regras_usuarios_grupo_id_usuario_id_pk" PRIMARY KEY("grupo_id","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "grupos_regras" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"descricao" varchar(200),
	"ativo" boolean DEFAULT true NOT NULL,
	"regras" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "grupos_regras_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
ALTER TABLE "grupo_regras_perfis" ADD CONSTRAINT "grupo_regras_perfis_grupo_id_grupos_regras_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos_regras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_regras_perfis" ADD CONSTRAINT "grupo_regras_perfis_perfil_id_perfis_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_regras_usuarios" ADD CONSTRAINT "grupo_regras_usuarios_grupo_id_grupos_regras_id_fk" FOREIGN KEY ("grupo_id") REFERENCES "public"."grupos_regras"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_regras_usuarios" ADD CONSTRAINT "grupo_regras_usuarios_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grupo_regras_perfis_perfil_idx" ON "grupo_regras_perfis" USING btree ("perfil_id");--> statement-breakpoint
CREATE INDEX "grupo_regras_usuarios_usuario_idx" ON "grupo_regras_usuarios" USING btree ("usuario_id");