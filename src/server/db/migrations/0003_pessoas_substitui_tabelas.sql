DROP TABLE "beneficiarios" CASCADE;--> statement-breakpoint
DROP TABLE "prestadores" CASCADE;