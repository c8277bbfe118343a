/** Rule impact as the Site tab lists it: the rules sorted by what they decide, those that decide nothing hidden when asked. */
import type { RuleImpact } from '../robots/site/index.js';
import type { RuleImpactOrder } from './slices/site.js';

/**
 * The rules in `order`: by line; by how many verdicts each decides; or by what it decides (the
 * blocking rules first, ascending; the allowing ones first, descending), the busiest first within.
 * Ties keep the file's order. With `hideIdle`, a rule that decides no verdict is left out.
 */
export function ruleImpactView(rules: readonly RuleImpact[], order: RuleImpactOrder): RuleImpact[] {
  const sign = order.descending ? -1 : 1;
  const shown = order.hideIdle ? rules.filter((r) => r.decides > 0) : [...rules];
  const byKey = (a: RuleImpact, b: RuleImpact): number =>
    order.key === 'decides' ? sign * (a.decides - b.decides)
      : order.key === 'verdict' ? sign * (Number(a.allow) - Number(b.allow)) || b.decides - a.decides
        : sign * (a.line - b.line);
  return shown.sort((a, b) => byKey(a, b) || a.line - b.line);
}
