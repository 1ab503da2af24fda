import type { SandboxContext } from '../../../service/context.js';

/** What runs now, as reset and state import answer it (`ResetResult` in openapi/sandbox.yaml). */
export function worldSummary(ctx: SandboxContext): {
  status: 'ok';
  scenario: string;
  seed: string;
  clock: ReturnType<SandboxContext['clock']['state']>;
} {
  return {
    status: 'ok',
    scenario: ctx.scenario.name,
    seed: ctx.scenario.seed,
    clock: ctx.clock.state(),
  };
}
