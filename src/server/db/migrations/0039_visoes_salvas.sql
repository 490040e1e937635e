CREATE TABLE "visoes_salvas" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"lista" varchar(80) NOT NULL,
	"nome" varchar(60) NOT NULL,
	"consulta" varchar(2000) NOT NULL,
	"colunas" jsonb,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visoes_salvas" ADD CONSTRAINT "visoes_salvas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visoes_salvas_usuario_lista_nome_uq" ON "visoes_salvas" USING btree ("usuario_id","lista","nome");