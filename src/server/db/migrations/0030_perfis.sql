CREATE TABLE "perfil_permissoes" (
	"perfil_id" integer NOT NULL,
	"permissao" varchar(120) NOT NULL,
	CONSTRAINT "perfil_permissoes_perfil_id_permissao_pk" PRIMARY KEY("perfil_id","permissao")
);
--> statement-breakpoint
CREATE TABLE "perfis" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"descricao" varchar(200),
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "perfis_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "usuario_perfis" (
	"usuario_id" integer NOT NULL,
	"perfil_id" integer NOT NULL,
	CONSTRAINT "usuario_perfis_usuario_id_perfil_id_pk" PRIMARY KEY("usuario_id","perfil_id")
);
--> statement-breakpoint
-- each group's permissions become a profile of the same name, held by the group's users; the groups stay as password groups
INSERT INTO "perfis" ("nome") SELECT "nome" FROM "grupos" WHERE "id" IN (SELECT "grupo_id" FROM "grupo_permissoes");--> statement-breakpoint
INSERT INTO "perfil_permissoes" ("perfil_id", "permissao") SELECT p."id", gp."permissao" FROM "grupo_permissoes" gp JOIN "grupos" g ON g."id" = gp."grupo_id" JOIN "perfis" p ON p."nome" = g."nome";--> statement-breakpoint
INSERT INTO "usuario_perfis" ("usuario_id", "perfil_id") SELECT u."id", p."id" FROM "usuarios" u JOIN "grupos" g ON g."id" = u."grupo_id" JOIN "perfis" p ON p."nome" = g."nome";--> statement-breakpoint
DROP TABLE "grupo_permissoes" CASCADE;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "permissoes_versao" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "perfil_permissoes" ADD CONSTRAINT "perfil_permissoes_perfil_id_perfis_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_perfis" ADD CONSTRAINT "usuario_perfis_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_perfis" ADD CONSTRAINT "usuario_perfis_perfil_id_perfis_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usuario_perfis_perfil_idx" ON "usuario_perfis" USING btree ("perfil_id");