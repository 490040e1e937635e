CREATE TABLE "auditoria_eventos" (
	"id" serial PRIMARY KEY NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL,
	"usuario_id" integer,
	"usuario_login" varchar(60),
	"ip" varchar(64),
	"entidade" varchar(60) NOT NULL,
	"registro_id" varchar(40) NOT NULL,
	"acao" varchar(10) NOT NULL,
	"antes" jsonb,
	"depois" jsonb
);
--> statement-breakpoint
CREATE INDEX "auditoria_eventos_registro_idx" ON "auditoria_eventos" USING btree ("entidade","registro_id");--> statement-breakpoint
CREATE INDEX "auditoria_eventos_em_idx" ON "auditoria_eventos" USING btree ("em");