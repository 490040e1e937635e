DROP INDEX "falhas_login_login_idx";--> statement-breakpoint
DROP INDEX "falhas_login_ip_idx";--> statement-breakpoint
ALTER TABLE "falhas_login" ALTER COLUMN "em" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "cliente" varchar(20);--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "ultimo_uso_em" timestamp with time zone DEFAULT now();--> statement-breakpoint
CREATE INDEX "sessoes_usuario_ip_idx" ON "sessoes" USING btree ("usuario_id","ip");--> statement-breakpoint
ALTER TABLE "falhas_login" DROP COLUMN "login";--> statement-breakpoint
ALTER TABLE "falhas_login" DROP COLUMN "ip";