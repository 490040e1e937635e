CREATE TABLE "autorizacao_idempotencia" (
	"usuario_id" integer NOT NULL,
	"chave" varchar(100) NOT NULL,
	"autorizacao_id" integer NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autorizacao_idempotencia_usuario_id_chave_pk" PRIMARY KEY("usuario_id","chave")
);
--> statement-breakpoint
ALTER TABLE "autorizacao_idempotencia" ADD CONSTRAINT "autorizacao_idempotencia_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizacao_idempotencia" ADD CONSTRAINT "autorizacao_idempotencia_autorizacao_id_autorizacoes_id_fk" FOREIGN KEY ("autorizacao_id") REFERENCES "public"."autorizacoes"("id") ON DELETE cascade ON UPDATE no action;