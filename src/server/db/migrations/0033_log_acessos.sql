CREATE TABLE "acessos_registros" (
	"id" serial PRIMARY KEY NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"usuario_login" varchar(60) NOT NULL,
	"ip" varchar(64),
	"entidade" varchar(20) NOT NULL,
	"registro_id" integer NOT NULL,
	"origem" varchar(80) NOT NULL
);
--> statement-breakpoint
CREATE INDEX "acessos_registros_registro_idx" ON "acessos_registros" USING btree ("entidade","registro_id","id");--> statement-breakpoint
CREATE INDEX "acessos_registros_usuario_idx" ON "acessos_registros" USING btree ("usuario_login","id");