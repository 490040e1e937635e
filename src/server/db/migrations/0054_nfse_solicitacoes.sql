ALTER TABLE "solicitacoes_pagamento" ADD COLUMN "nfse_numero" varchar(15);--> statement-breakpoint
ALTER TABLE "solicitacoes_pagamento" ADD COLUMN "nfse_serie" varchar(5);--> statement-breakpoint
ALTER TABLE "solicitacoes_pagamento" ADD COLUMN "nfse_emissao" date;--> statement-breakpoint
ALTER TABLE "solicitacoes_pagamento" ADD COLUMN "nfse_codigo_verificacao" varchar(9);--> statement-breakpoint
ALTER TABLE "solicitacoes_pagamento" ADD COLUMN "nfse_valor_servicos_centavos" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "solicitacoes_pagamento_nfse_uq" ON "solicitacoes_pagamento" USING btree ("prestador_id","nfse_numero") WHERE "solicitacoes_pagamento"."nfse_numero" is not null;