import type { SessionService } from "../auth/session/service";
import type { UserRepository } from "../auth/users/repository";
import type { VerificationService } from "../auth/verification/service";

/** Core services every endpoint and plugin may use (built once per app). */
export interface CoreServices {
  readonly generateId: (model: string) => string;
  readonly users: UserRepository;
  readonly sessions: SessionService;
  readonly verification: VerificationService;
}
