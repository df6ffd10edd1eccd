//! What a scene's values promise about the distance to its surface, worked
//! out from the ROPs' own declarations (`distance:` and `lipschitz:` in
//! `rop.yaml`) through the network.
//!
//! The mesher skips a block only on such a promise: a value |f(c)| at a
//! block's centre rules the surface out of the ball of radius |f(c)| / L
//! around it, where L is the promise's Lipschitz factor (1 for exact
//! distances and bounds). A scene that promises nothing is evaluated
//! densely, so that no field, however steep, loses surface.
//!
//! Rules, node by node (inputs first):
//! - `exact` and `bound` promise a slope of at most 1 (times `lipschitz:`);
//! - `keep` and `keepBound` are as good as their weakest shape input, with
//!   the largest factor among them (times `lipschitz:`); `keepBound` is never
//!   exact;
//! - `none`, or no `distance:`, promises nothing, unless `lipschitz:` gives
//!   a slope (a raw formula field whose steepest slope is known);
//! - a parameter driven by a field input (a field socket) breaks any promise:
//!   the node's declaration holds for constant parameters only;
//! - a `lipschitz:` expression that fails, or is not a positive number,
//!   breaks the promise too.

use crate::expr::{Env, Value};
use crate::library::{DistanceKind, Library, RopDef};
use crate::network::{Network, Node};
use std::collections::HashMap;

/// What the values of a node promise.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Promise {
    /// |f(p)| is at most `lipschitz` times the distance from p to the zero
    /// set (and is the distance itself when `exact`).
    Bounded { exact: bool, lipschitz: f64 },
    /// Nothing: the field may be arbitrarily steep.
    Nothing,
}

impl Promise {
    /// The factor by which values may exceed distances, when there is one.
    pub fn lipschitz(&self) -> Option<f64> {
        match self {
            Promise::Bounded { lipschitz, .. } => Some(*lipschitz),
            Promise::Nothing => None,
        }
    }

    /// Words for the user: "an exact distance", "a distance bound", ...
    pub fn describe(&self) -> String {
        match self {
            Promise::Bounded { exact: true, .. } => "an exact distance".into(),
            Promise::Bounded { lipschitz, .. } if *lipschitz == 1.0 => "a distance bound".into(),
            Promise::Bounded { lipschitz, .. } => {
                format!("a distance bound within a factor of {lipschitz:.4}")
            }
            Promise::Nothing => "no distance bound".into(),
        }
    }

    fn weakest(self, other: Promise) -> Promise {
        match (self, other) {
            (
                Promise::Bounded {
                    exact: a,
                    lipschitz: la,
                },
                Promise::Bounded {
                    exact: b,
                    lipschitz: lb,
                },
            ) => Promise::Bounded {
                exact: a && b,
                lipschitz: la.max(lb),
            },
            _ => Promise::Nothing,
        }
    }

    fn scaled(self, factor: f64, may_stay_exact: bool) -> Promise {
        match self {
            Promise::Bounded { exact, lipschitz } => Promise::Bounded {
                exact: exact && may_stay_exact && factor == 1.0,
                lipschitz: lipschitz * factor,
            },
            Promise::Nothing => Promise::Nothing,
        }
    }
}

/// The promise of `node`'s values in `net`.
pub fn promise_of(net: &Network, lib: &Library, node: &str) -> Promise {
    let mut memo = HashMap::new();
    walk(net, lib, node, &mut memo, 0)
}

/// Deepest chain followed; a deeper network promises nothing (networks are
/// checked for cycles on load, so this only bounds the recursion).
const MAX_DEPTH: usize = 4096;

fn walk(
    net: &Network,
    lib: &Library,
    path: &str,
    memo: &mut HashMap<String, Promise>,
    depth: usize,
) -> Promise {
    if let Some(p) = memo.get(path) {
        return *p;
    }
    // Marked first: a cycle, were there one, would promise nothing.
    memo.insert(path.to_string(), Promise::Nothing);
    let promise = match (net.nodes.get(path), depth < MAX_DEPTH) {
        (Some(node), true) => match node.def(lib) {
            Some(def) => node_promise(net, lib, node, def, memo, depth),
            None => Promise::Nothing,
        },
        _ => Promise::Nothing,
    };
    memo.insert(path.to_string(), promise);
    promise
}

fn node_promise(
    net: &Network,
    lib: &Library,
    node: &Node,
    def: &RopDef,
    memo: &mut HashMap<String, Promise>,
    depth: usize,
) -> Promise {
    let mut shapes = Vec::new();
    for (i, input) in node.inputs.iter().enumerate() {
        let Some(from) = input else { continue };
        if def.inputs.get(i).is_some_and(|d| d.drives.is_some()) {
            // A parameter that varies in space: the declaration does not cover it.
            return Promise::Nothing;
        }
        shapes.push(from.clone());
    }
    let factor = match &def.lipschitz {
        None => 1.0,
        Some(text) => match lipschitz_factor(text, node, def) {
            Some(f) => f,
            None => return Promise::Nothing,
        },
    };
    let mut inputs = || {
        let mut it = shapes.iter().map(|s| walk(net, lib, s, memo, depth + 1));
        let first = it.next()?;
        Some(it.fold(first, Promise::weakest))
    };
    match def.distance {
        Some(DistanceKind::Exact) => Promise::Bounded {
            exact: factor == 1.0,
            lipschitz: factor,
        },
        Some(DistanceKind::Bound) => Promise::Bounded {
            exact: false,
            lipschitz: factor,
        },
        Some(DistanceKind::Keep) => inputs()
            .map(|p| p.scaled(factor, true))
            .unwrap_or(Promise::Nothing),
        Some(DistanceKind::KeepBound) => inputs()
            .map(|p| p.scaled(factor, false))
            .unwrap_or(Promise::Nothing),
        Some(DistanceKind::None) | None if def.lipschitz.is_some() => Promise::Bounded {
            exact: false,
            lipschitz: factor,
        },
        Some(DistanceKind::None) | None => Promise::Nothing,
    }
}

/// The value of a `lipschitz:` expression for `node`: a positive, finite number.
fn lipschitz_factor(text: &str, node: &Node, def: &RopDef) -> Option<f64> {
    let env = ParamEnv { node, def };
    let v = match crate::expr::eval(text, &env).ok()? {
        Value::Float(f) => f,
        Value::Int(i) => i as f64,
        _ => return None,
    };
    (v.is_finite() && v > 0.0).then_some(v)
}

/// The parameters of one node, for its `lipschitz:` expression.
struct ParamEnv<'a> {
    node: &'a Node,
    def: &'a RopDef,
}

impl Env for ParamEnv<'_> {
    fn param(&self, name: &str) -> Option<Value> {
        Some(self.node.value(self.def, name)?.expr_value())
    }
    fn has_input(&self, index: i64) -> bool {
        index >= 1 && self.node.input(index as usize - 1).is_some()
    }
    fn input_size(&self, _index: i64) -> i64 {
        0
    }
    fn coord_type(&self) -> &str {
        "vec3"
    }
    fn context_type(&self) -> &str {
        "Context"
    }
    fn return_type(&self) -> &str {
        "Sdf"
    }
}
