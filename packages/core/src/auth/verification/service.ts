import type { AppContext } from "../../kernel/app-context";
import { AUTH_ERRORS } from "../../kernel/errors";
import type { VerificationRow, VerificationService } from "../../kernel/services";

export type { VerificationRow, VerificationService };

/**
 * Single-use values (reset tokens, delete-account tokens, OAuth state): stored as rows keyed by
 * `identifier`, consumed atomically so that two parallel uses of one token succeed once.
 */
export function createVerificationService(app: AppContext): VerificationService {
  return {
    async create(identifier: string, value: string, expiresInSeconds: number): Promise<VerificationRow> {
      try {
        return await app.adapter.create<VerificationRow>({
          model: "verification",
          data: { identifier, value, expiresAt: new Date(app.now().getTime() + expiresInSeconds * 1000) },
        });
      } catch (error) {
        app.logger.error("Unable to create verification", error);
        throw AUTH_ERRORS.UNABLE_TO_CREATE_VERIFICATION();
      }
    },

    /** Reads without consuming; expired rows read as null. */
    async find(identifier: string): Promise<VerificationRow | null> {
      const row = await app.adapter.findOne<VerificationRow>({
        model: "verification",
        where: [{ field: "identifier", value: identifier }],
      });
      return row && row.expiresAt.getTime() > app.now().getTime() ? row : null;
    },

    /** Deletes and returns the value; null when missing, already used or expired. */
    async consume(identifier: string): Promise<VerificationRow | null> {
      const row = await app.adapter.consumeOne<VerificationRow>({
        model: "verification",
        where: [{ field: "identifier", value: identifier }],
      });
      return row && row.expiresAt.getTime() > app.now().getTime() ? row : null;
    },

    async delete(identifier: string): Promise<void> {
      await app.adapter.deleteMany({
        model: "verification",
        where: [{ field: "identifier", value: identifier }],
      });
    },
  };
}
