CREATE TABLE "agendamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" varchar(40) NOT NULL,
	"comando" varchar(200) NOT NULL,
	"parametros" jsonb NOT NULL,
	"frequencia" varchar(10) NOT NULL,
	"dia" integer NOT NULL,
	"hora" varchar(5) NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agendamentos" ADD CONSTRAINT "agendamentos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agendamentos_comando_idx" ON "agendamentos" USING btree ("comando");