//! Named per-hit attributes (`attribute:` in `rop.yaml`): which `Sdf`
//! field each name of a network lives in.
//!
//! A network has at most [`ATTRIBUTE_SLOTS`] distinct names. The names,
//! sorted, take the `vec4` fields `attr0`, `attr1`, ... in order, so a
//! network's shader does not change with the order of its nodes; a name of
//! type `float` uses `.x`, `vec2` `.xy` and so on. The fields exist only
//! when some reachable node names an attribute (`ROPKIT_SDF_ATTR0`, ...
//! are defined for the slots in use): every other network's shader is the
//! same as before attributes existed.

use crate::library::{AttributeRole, RopDef};
use crate::limits::ATTRIBUTE_SLOTS;
use crate::network::Network;
use std::collections::BTreeMap;

/// Why a network's attributes are refused: the message, and the index
/// (in the order given) of the node it is about.
#[derive(Debug, Clone, PartialEq)]
pub struct AttributeProblem {
    pub node: usize,
    pub message: String,
}

/// The GLSL field of slot `k` (`attr0`, ...).
pub fn field(slot: usize) -> String {
    format!("attr{slot}")
}

/// The macro that turns slot `k`'s field on (`ROPKIT_SDF_ATTR0`, ...).
pub fn feature_macro(slot: usize) -> String {
    format!("ROPKIT_SDF_ATTR{slot}")
}

/// Whether `name` may name an attribute: a letter, then letters, digits
/// and single underscores; at most 64 characters.
pub fn is_name(name: &str) -> bool {
    name.len() <= 64
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.contains("__")
}

/// The slot of each node's attribute (`None` for a node without one), and
/// the names in slot order, for the nodes `paths` with definitions `defs`.
/// Refuses a name that is not an identifier, a name given two types, and
/// more than [`ATTRIBUTE_SLOTS`] names.
pub fn slots(
    net: &Network,
    paths: &[String],
    defs: &[&RopDef],
) -> Result<(Vec<Option<usize>>, Vec<String>), AttributeProblem> {
    let attrs: Vec<_> = paths
        .iter()
        .zip(defs)
        .map(|(p, d)| net.nodes.get(p).and_then(|n| n.attribute(d)))
        .collect();
    // Name -> (type, first node that gave it).
    let mut typed: BTreeMap<&str, (&str, usize)> = BTreeMap::new();
    for (i, a) in attrs.iter().enumerate() {
        let Some((role, name, ty)) = *a else { continue };
        if !is_name(name) {
            return Err(AttributeProblem {
                node: i,
                message: format!(
                    "attribute name '{}' must be an identifier (a letter, then letters, digits and single underscores; at most 64)",
                    crate::value::echo(name)
                ),
            });
        }
        match typed.get(name) {
            Some(&(t, j)) if t != ty => {
                let verb = |r| match r {
                    AttributeRole::Assign => "assigned",
                    AttributeRole::Read => "read",
                };
                return Err(AttributeProblem {
                    node: i,
                    message: format!(
                        "attribute '{name}' is {} as {ty} here but as {t} by {}: a name has one type",
                        verb(role),
                        paths[j]
                    ),
                });
            }
            Some(_) => {}
            None => {
                if typed.len() == ATTRIBUTE_SLOTS {
                    let names: Vec<&str> = typed.keys().copied().collect();
                    return Err(AttributeProblem {
                        node: i,
                        message: format!(
                            "attribute '{name}' would be the network's {}th; at most {ATTRIBUTE_SLOTS} names fit (ATTRIBUTE_SLOTS), and {} are in use",
                            ATTRIBUTE_SLOTS + 1,
                            names.join(", ")
                        ),
                    });
                }
                typed.insert(name, (ty, i));
            }
        }
    }
    let names: Vec<String> = typed.keys().map(|n| n.to_string()).collect();
    let slot_of = attrs
        .iter()
        .map(|a| a.and_then(|(_, name, _)| names.iter().position(|n| n == name)))
        .collect();
    Ok((slot_of, names))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_names_are_identifiers() {
        assert!(is_name("tint"));
        assert!(is_name("a_b2"));
        for bad in ["", "2a", "a__b", "a-b", "a b", "_a", &"a".repeat(65)] {
            assert!(!is_name(bad), "{bad}");
        }
    }
}
