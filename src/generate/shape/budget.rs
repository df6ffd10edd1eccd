//! Where code size calls for a function boundary. naga's GLSL front end
//! takes time that grows with the square of one function's size (its type
//! table is regrown from the function's first expression at each step), so
//! one function of twenty thousand nodes would take minutes to parse. A
//! region that grows past [`FUNCTION_TOKENS`] keeps its biggest spliced
//! parts as functions of their own: work stays linear in the network, and
//! the calls nest only as deep as the code is long divided by the budget.

use super::Plan;

/// Most tokens of spliced code one function gathers (about a thousand
/// lines: naga parses it in a few milliseconds).
pub const FUNCTION_TOKENS: usize = 16_384;

/// Tokens that a folded run's code takes in place of its nodes'.
const FOLDED_TOKENS: usize = 48;

impl Plan {
    /// Cuts spliced nodes back into functions of their own, smallest
    /// regions first, until no function holds more than
    /// [`FUNCTION_TOKENS`] of code. Runs of folded nodes are never cut.
    pub(super) fn keep_functions_small(&mut self) {
        let n = self.funcs.len();
        // Inputs come before their callers: each node's spliced callees
        // are weighed before it.
        let mut weight = vec![0usize; n];
        let mut callees: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (x, at) in self.into.iter().enumerate() {
            if let Some((c, _)) = at {
                callees[*c].push(x);
            }
        }
        for x in 0..n {
            let own = match (self.in_run[x], &self.funcs[x]) {
                (Some((_, 0)), _) => FOLDED_TOKENS,
                (Some(_), _) => 0,
                (None, Some(f)) => f.close - f.open,
                (None, None) => 0,
            };
            let mut total = own + callees[x].iter().map(|&c| weight[c]).sum::<usize>();
            if total > FUNCTION_TOKENS {
                // Heaviest callees first; never inside a folded run.
                let mut cut: Vec<usize> = callees[x]
                    .iter()
                    .copied()
                    .filter(|&c| self.in_run[c].is_none_or(|(_, k)| k == 0))
                    .collect();
                cut.sort_by_key(|&c| std::cmp::Reverse(weight[c]));
                for c in cut {
                    if total <= FUNCTION_TOKENS {
                        break;
                    }
                    total -= weight[c];
                    self.into[c] = None;
                }
            }
            weight[x] = total;
        }
    }
}
