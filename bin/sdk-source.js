// The workspace's @cohort/sdk is its TypeScript source: `cohort` resolves the SDK (which the
// webhook signer and the MCP server import) with the `@cohort/source` export condition, as tests
// and type checks do, so no build step comes before a start. An installed SDK has no such files
// and is never asked for them (docs/decisions/0150-sdk-packs-in-place.md).
import { registerHooks } from 'node:module';

const CONDITION = '@cohort/source';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier !== '@cohort/sdk' && !specifier.startsWith('@cohort/sdk/')) {
      return nextResolve(specifier, context);
    }
    return nextResolve(specifier, { ...context, conditions: [...context.conditions, CONDITION] });
  },
});
