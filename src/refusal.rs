//! Types a node refuses by its parameters. A ROP states them in its macro
//! table as rows named `THIS_REFUSED_...` whose condition holds for a type
//! (`restrictTypes`: `returnType == 'Sdf' and not param('Sdf')`); its code
//! then stops the build with an `#error` under that macro. The resolver
//! asks here first and gives such a node another type that its callers
//! allow, so the `#error` is reached only when no type is left.

use crate::expr::{self, Env, Value};
use crate::library::RopDef;
use crate::network::Node;
use crate::types::{ContextType, CoordType, ReturnType};

/// What one candidate typing of a node looks like to its macro conditions.
struct Probe<'a> {
    def: &'a RopDef,
    node: &'a Node,
    coord: CoordType,
    context: ContextType,
    ret: ReturnType,
}

impl Env for Probe<'_> {
    fn param(&self, name: &str) -> Option<Value> {
        self.def.param(name)?;
        Some(self.node.value(self.def, name)?.expr_value())
    }
    fn has_input(&self, index: i64) -> bool {
        index >= 1 && self.node.input(index as usize - 1).is_some()
    }
    fn input_size(&self, index: i64) -> i64 {
        i64::from(self.has_input(index))
    }
    fn coord_type(&self) -> &str {
        self.coord.as_str()
    }
    fn context_type(&self) -> &str {
        self.context.as_str()
    }
    fn return_type(&self) -> &str {
        self.ret.as_str()
    }
}

/// The conditions of the node's `THIS_REFUSED_...` rows.
fn conditions(def: &RopDef) -> Vec<&str> {
    def.macros
        .iter()
        .filter(|row| {
            row.cells
                .get(1)
                .and_then(|c| c.as_deref())
                .is_some_and(|n| n.trim_start().starts_with("THIS_REFUSED"))
        })
        .filter_map(|row| row.cells.first().and_then(|c| c.as_deref()))
        .collect()
}

/// Whether the node refuses this typing. A condition that fails to evaluate
/// refuses nothing here: generating the shader reports it.
fn refuses(
    def: &RopDef,
    node: &Node,
    conds: &[&str],
    t: (CoordType, ContextType, ReturnType),
) -> bool {
    let probe = Probe {
        def,
        node,
        coord: t.0,
        context: t.1,
        ret: t.2,
    };
    conds
        .iter()
        .any(|c| expr::eval(c, &probe).is_ok_and(|v| v.truthy()))
}

/// Drops from each list the types the node refuses, each judged with the
/// first of the other lists; a list that would be left empty stays as it
/// is, for the build to report.
pub fn narrow(
    def: &RopDef,
    node: &Node,
    coord: &mut Vec<CoordType>,
    context: &[ContextType],
    ret: &mut Vec<ReturnType>,
) {
    let conds = conditions(def);
    if conds.is_empty() || coord.is_empty() || context.is_empty() || ret.is_empty() {
        return;
    }
    let x = context[0];
    let r0 = ret[0];
    let kept: Vec<ReturnType> = ret
        .iter()
        .copied()
        .filter(|&r| !refuses(def, node, &conds, (coord[0], x, r)))
        .collect();
    if !kept.is_empty() {
        *ret = kept;
    }
    let r = ret.first().copied().unwrap_or(r0);
    let kept: Vec<CoordType> = coord
        .iter()
        .copied()
        .filter(|&c| !refuses(def, node, &conds, (c, x, r)))
        .collect();
    if !kept.is_empty() {
        *coord = kept;
    }
}
