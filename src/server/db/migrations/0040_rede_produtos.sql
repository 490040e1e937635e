CREATE TABLE "movimentos_rps" (
	"id" serial PRIMARY KEY NOT NULL,
	"vinculo_id" integer NOT NULL,
	"tipo" varchar(1) NOT NULL,
	"data" date NOT NULL,
	"motivo" varchar(2),
	"observacao" varchar(500),
	"envio" varchar(10) DEFAULT 'PENDENTE' NOT NULL,
	"usuario_id" integer,
	"usuario_nome" varchar(120) NOT NULL,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rede_produtos" (
	"id" serial PRIMARY KEY NOT NULL,
	"produto_id" integer NOT NULL,
	"prestador_id" integer NOT NULL,
	"inicio" date NOT NULL,
	"fim" date,
	"motivo_exclusao" varchar(2),
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "movimentos_rps" ADD CONSTRAINT "movimentos_rps_vinculo_id_rede_produtos_id_fk" FOREIGN KEY ("vinculo_id") REFERENCES "public"."rede_produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movimentos_rps" ADD CONSTRAINT "movimentos_rps_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rede_produtos" ADD CONSTRAINT "rede_produtos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rede_produtos" ADD CONSTRAINT "rede_produtos_prestador_id_prestadores_id_fk" FOREIGN KEY ("prestador_id") REFERENCES "public"."prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movimentos_rps_data_idx" ON "movimentos_rps" USING btree ("data","id");--> statement-breakpoint
CREATE INDEX "movimentos_rps_vinculo_idx" ON "movimentos_rps" USING btree ("vinculo_id","data");--> statement-breakpoint
CREATE UNIQUE INDEX "rede_produtos_aberto_uq" ON "rede_produtos" USING btree ("produto_id","prestador_id") WHERE "rede_produtos"."fim" is null;--> statement-breakpoint
CREATE INDEX "rede_produtos_prestador_idx" ON "rede_produtos" USING btree ("prestador_id","produto_id","inicio");--> statement-breakpoint
CREATE INDEX "rede_produtos_produto_idx" ON "rede_produtos" USING btree ("produto_id","inicio");