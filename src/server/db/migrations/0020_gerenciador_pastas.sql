CREATE TABLE "pastas" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(120) NOT NULL,
	"pai_id" integer,
	"criado_por_id" integer,
	"criado_por_nome" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pastas" ADD CONSTRAINT "pastas_pai_id_pastas_id_fk" FOREIGN KEY ("pai_id") REFERENCES "public"."pastas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pastas" ADD CONSTRAINT "pastas_criado_por_id_usuarios_id_fk" FOREIGN KEY ("criado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pastas_pai_nome_uq" ON "pastas" USING btree (coalesce("pai_id", 0),lower("nome"));--> statement-breakpoint
CREATE INDEX "pastas_pai_idx" ON "pastas" USING btree ("pai_id");--> statement-breakpoint
-- databases seeded before the manager had writes: the groups that already open it get upload, rename and delete, as
-- the operator's role does now (role-permissions.ts)
INSERT INTO "grupo_permissoes" ("grupo_id", "permissao") SELECT g."grupo_id", p.permissao FROM "grupo_permissoes" g CROSS JOIN unnest(ARRAY['arquivo:insert', 'arquivo:update', 'arquivo:delete']) AS p(permissao) WHERE g."permissao" = 'arquivo:list' ON CONFLICT DO NOTHING;
