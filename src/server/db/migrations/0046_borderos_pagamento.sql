CREATE TABLE "bordero_pagamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"bordero_id" integer NOT NULL,
	"pagamento_id" integer NOT NULL,
	"banco" varchar(3) NOT NULL,
	"agencia" varchar(6) NOT NULL,
	"conta" varchar(15) NOT NULL,
	"valor_liquido_centavos" bigint NOT NULL,
	"estornado_em" timestamp with time zone,
	"estornado_por" varchar(120),
	"estorno_motivo" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "borderos_pagamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"numero" varchar(12) NOT NULL,
	"data_credito" date NOT NULL,
	"banco_origem" varchar(3) NOT NULL,
	"agencia_origem" varchar(6) NOT NULL,
	"conta_origem" varchar(15) NOT NULL,
	"registrado_por_id" integer,
	"registrado_por" varchar(120) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "borderos_pagamento_numero_unique" UNIQUE("numero")
);
--> statement-breakpoint
ALTER TABLE "bordero_pagamentos" ADD CONSTRAINT "bordero_pagamentos_bordero_id_borderos_pagamento_id_fk" FOREIGN KEY ("bordero_id") REFERENCES "public"."borderos_pagamento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bordero_pagamentos" ADD CONSTRAINT "bordero_pagamentos_pagamento_id_pagamentos_prestadores_id_fk" FOREIGN KEY ("pagamento_id") REFERENCES "public"."pagamentos_prestadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "borderos_pagamento" ADD CONSTRAINT "borderos_pagamento_registrado_por_id_usuarios_id_fk" FOREIGN KEY ("registrado_por_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bordero_pagamentos_bordero_idx" ON "bordero_pagamentos" USING btree ("bordero_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bordero_pagamentos_ativo_uq" ON "bordero_pagamentos" USING btree ("pagamento_id") WHERE "bordero_pagamentos"."estornado_em" is null;--> statement-breakpoint
CREATE INDEX "borderos_pagamento_data_idx" ON "borderos_pagamento" USING btree ("data_credito");