CREATE TABLE "idempotencia" (
	"usuario_id" integer NOT NULL,
	"escopo" varchar(20) NOT NULL,
	"chave" varchar(100) NOT NULL,
	"registro_id" integer NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotencia_usuario_id_escopo_chave_pk" PRIMARY KEY("usuario_id","escopo","chave")
);
--> statement-breakpoint
-- hand step: the authorizations' keys move to the shared table, so a resend after the upgrade still finds its request
INSERT INTO "idempotencia" ("usuario_id", "escopo", "chave", "registro_id", "em")
SELECT "usuario_id", 'autorizacao', "chave", "autorizacao_id", "em" FROM "autorizacao_idempotencia";--> statement-breakpoint
DROP TABLE "autorizacao_idempotencia" CASCADE;--> statement-breakpoint
ALTER TABLE "idempotencia" ADD CONSTRAINT "idempotencia_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;
