CREATE TABLE "avisos_debito" (
	"id" serial PRIMARY KEY NOT NULL,
	"envio_id" integer NOT NULL,
	"titular_id" integer NOT NULL,
	"data" date NOT NULL,
	"meio" varchar(6) NOT NULL,
	"destino" varchar(300) NOT NULL,
	"posicao" date NOT NULL,
	"titulos" integer NOT NULL,
	"valor_centavos" bigint NOT NULL,
	"titulos_chave" varchar(32) NOT NULL,
	"registrado_por_id" integer,
	"registrado_por" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "avisos_debito_envios" (
	"id" serial PRIMARY KEY NOT NULL,
	"data" date NOT NULL,
	"meio" varchar(6) NOT NULL,
	"posicao" date NOT NULL,
	"filtros" varchar(4000) DEFAULT '' NOT NULL,
	"avisos" integer NOT NULL,
	"repetidos" integer DEFAULT 0 NOT NULL,
	"sem_email" integer DEFAULT 0 NOT NULL,
	"registrado_por_id" integer,
	"registrado_por" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "avisos_debito_titulos" (
	"id" serial PRIMARY KEY NOT NULL,
	"aviso_id" integer NOT NULL,
	"titulo_id" integer NOT NULL,
	"valor_centavos" bigint NOT NULL,
	"dias_atraso" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avisos_debito" ADD CONSTRAINT "avisos_debito_envio_id_avisos_debito_envios_id_fk" FOREIGN KEY ("envio_id") REFERENCES "public"."avisos_debito_envios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_debito" ADD CONSTRAINT "avisos_debito_titular_id_beneficiarios_id_fk" FOREIGN KEY ("titular_id") REFERENCES "public"."beneficiarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_debito" ADD CONSTRAINT "avisos_debito_registrado_por_id_usuarios_id_fk" FOREIGN KEY ("registrado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_debito_envios" ADD CONSTRAINT "avisos_debito_envios_registrado_por_id_usuarios_id_fk" FOREIGN KEY ("registrado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_debito_titulos" ADD CONSTRAINT "avisos_debito_titulos_aviso_id_avisos_debito_id_fk" FOREIGN KEY ("aviso_id") REFERENCES "public"."avisos_debito"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos_debito_titulos" ADD CONSTRAINT "avisos_debito_titulos_titulo_id_titulos_id_fk" FOREIGN KEY ("titulo_id") REFERENCES "public"."titulos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "avisos_debito_uq" ON "avisos_debito" USING btree ("titular_id","data","titulos_chave");--> statement-breakpoint
CREATE INDEX "avisos_debito_data_idx" ON "avisos_debito" USING btree ("data","id");--> statement-breakpoint
CREATE INDEX "avisos_debito_envio_idx" ON "avisos_debito" USING btree ("envio_id");--> statement-breakpoint
CREATE UNIQUE INDEX "avisos_debito_titulos_uq" ON "avisos_debito_titulos" USING btree ("aviso_id","titulo_id");--> statement-breakpoint
CREATE INDEX "avisos_debito_titulos_titulo_idx" ON "avisos_debito_titulos" USING btree ("titulo_id");