//! Parameter values as they appear in ROP defaults and network files.

use crate::limits;
use crate::types::ParamStyle;
use serde_yaml_ng::Value as Yaml;
use std::path::{Component, Path};

/// One parameter value, already checked against its style.
#[derive(Debug, Clone, PartialEq)]
pub enum ParamValue {
    Float(f64),
    Int(i64),
    Bool(bool),
    Vector(Vec<f64>),
    Text(String),
    /// A point list written inline (a `points` parameter; a file path is `Text`).
    Points(std::sync::Arc<crate::data::points::PointList>),
}

/// Why a value does not suit a parameter.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ValueError {
    #[error("expected {expected}, found {found}")]
    Expected { expected: String, found: String },
    #[error("{0} is too large (parameters are 32-bit floats: at most about 3.4e38)")]
    TooLarge(String),
    #[error("{0} is too large for an integer parameter (at most 16777216 either way)")]
    IntTooLarge(String),
    #[error("NaN is not a value")]
    NaN,
    #[error("infinity is not a value (parameters are finite 32-bit floats)")]
    Infinite,
    #[error("'{value}' is not one of the options: {options}")]
    NotAnOption { value: String, options: String },
    #[error("the text holds the control character U+{0:04X}")]
    ControlCharacter(u32),
    #[error("a {style} parameter does not take {value}")]
    WrongKind { style: ParamStyle, value: String },
    #[error("{0} path '{1}' leaves the project: use a path relative to the project")]
    AbsolutePath(&'static str, String),
    #[error("{0} path '{1}' leaves the project")]
    LeavesProject(&'static str, String),
    #[error("longer than {0} characters")]
    TooLong(usize),
    #[error(
        "{value} is outside {min}..={max}: this integer shapes the shader's code (a loop count, a size), so its range is a hard limit"
    )]
    OutOfRange { value: i64, min: f64, max: f64 },
    #[error("{value} is past the hard limits {min}..={max} of this parameter")]
    PastHardLimit { value: f64, min: f64, max: f64 },
    #[error("{0}")]
    Yaml(String),
}

impl ValueError {
    fn expected(expected: &str, found: String) -> ValueError {
        ValueError::Expected {
            expected: expected.to_string(),
            found,
        }
    }
}

impl ParamValue {
    /// The zero value of a style, used when a definition gives no default.
    pub fn zero(style: ParamStyle, options: &[String]) -> ParamValue {
        match style {
            ParamStyle::Float => ParamValue::Float(0.0),
            ParamStyle::Int => ParamValue::Int(0),
            ParamStyle::Toggle => ParamValue::Bool(false),
            ParamStyle::Menu => ParamValue::Text(options.first().cloned().unwrap_or_default()),
            ParamStyle::String
            | ParamStyle::Texture
            | ParamStyle::Volume
            | ParamStyle::Font
            | ParamStyle::Path => ParamValue::Text(String::new()),
            ParamStyle::Points => ParamValue::Points(Default::default()),
            s => ParamValue::Vector(vec![0.0; s.components()]),
        }
    }

    /// Reads a YAML value for a parameter of the given style, checked as
    /// [`ParamValue::checked`] checks it.
    pub fn from_yaml(
        yaml: &Yaml,
        style: ParamStyle,
        options: &[String],
    ) -> Result<ParamValue, ValueError> {
        Self::read_yaml(yaml, style, options)?.checked(style, options)
    }

    fn read_yaml(
        yaml: &Yaml,
        style: ParamStyle,
        options: &[String],
    ) -> Result<ParamValue, ValueError> {
        let number =
            |v: &Yaml| -> Option<f64> { v.as_f64().or_else(|| v.as_i64().map(|i| i as f64)) };
        // YAML reads `1e309` as text (no float holds it): say what it is.
        let not_a_number = |v: &Yaml, expected: &str| match v {
            Yaml::String(s) if overflowing_number(s) => ValueError::TooLarge(echo(s)),
            _ => ValueError::expected(expected, describe(v)),
        };
        match style {
            ParamStyle::Float => number(yaml)
                .map(ParamValue::Float)
                .ok_or_else(|| not_a_number(yaml, "a number")),
            ParamStyle::Int => match (yaml.as_i64(), yaml.as_f64()) {
                (Some(i), _) => Ok(ParamValue::Int(i)),
                (None, Some(f)) if f.fract() == 0.0 && f.abs() < 1e15 => {
                    Ok(ParamValue::Int(f as i64))
                }
                (None, Some(f)) if f.fract() == 0.0 => {
                    Err(ValueError::IntTooLarge(echo(&number_text(yaml))))
                }
                _ => Err(not_a_number(yaml, "an integer")),
            },
            ParamStyle::Toggle => match (yaml.as_bool(), yaml.as_i64()) {
                (Some(b), _) => Ok(ParamValue::Bool(b)),
                (None, Some(i @ (0 | 1))) => Ok(ParamValue::Bool(i == 1)),
                _ => Err(ValueError::expected("true or false", describe(yaml))),
            },
            ParamStyle::Menu => {
                let text = match yaml {
                    Yaml::String(s) => s.clone(),
                    Yaml::Number(n) if n.as_u64().is_some_and(|i| (i as usize) < options.len()) => {
                        options[n.as_u64().unwrap_or(0) as usize].clone()
                    }
                    _ => {
                        let expected = format!("one of {}", options.join(", "));
                        return Err(ValueError::expected(&expected, describe(yaml)));
                    }
                };
                if options.contains(&text) {
                    Ok(ParamValue::Text(text))
                } else {
                    Err(ValueError::NotAnOption {
                        value: text,
                        options: options.join(", "),
                    })
                }
            }
            ParamStyle::Points => match yaml {
                Yaml::String(s) => Ok(ParamValue::Text(s.clone())),
                Yaml::Null => Ok(ParamValue::Points(Default::default())),
                _ => crate::data::points::PointList::from_yaml(yaml)
                    .map(|l| ParamValue::Points(std::sync::Arc::new(l)))
                    .map_err(|e| ValueError::Yaml(e.to_string())),
            },
            ParamStyle::String
            | ParamStyle::Texture
            | ParamStyle::Volume
            | ParamStyle::Font
            | ParamStyle::Path => match yaml {
                Yaml::String(s) => Ok(ParamValue::Text(s.clone())),
                Yaml::Null => Ok(ParamValue::Text(String::new())),
                _ => Err(ValueError::expected("a string", describe(yaml))),
            },
            multi => {
                let n = multi.components();
                let expected = format!("a list of {n} numbers");
                let items = yaml
                    .as_sequence()
                    .ok_or_else(|| ValueError::expected(&expected, describe(yaml)))?;
                if items.len() != n {
                    let found = format!("{} items", items.len());
                    return Err(ValueError::expected(&expected, found));
                }
                items
                    .iter()
                    .map(|v| number(v).ok_or_else(|| not_a_number(v, "a number in the list")))
                    .collect::<Result<Vec<_>, _>>()
                    .map(ParamValue::Vector)
            }
        }
    }

    /// The value if it suits a parameter of `style`: the right kind and
    /// number of components, finite numbers a 32-bit float can hold, a menu
    /// option that exists, a texture path that stays in the project. Every
    /// edit, whatever it comes from, passes here.
    pub fn checked(self, style: ParamStyle, options: &[String]) -> Result<ParamValue, ValueError> {
        let finite = |f: f64| -> Result<(), ValueError> {
            if f.is_nan() {
                Err(ValueError::NaN)
            } else if f.is_infinite() {
                Err(ValueError::Infinite)
            } else if f.abs() > f32::MAX as f64 {
                Err(ValueError::TooLarge(echo(&f.to_string())))
            } else {
                Ok(())
            }
        };
        // A number of the other kind is taken where nothing is lost.
        let value = match (self, style) {
            (ParamValue::Int(i), ParamStyle::Float) => ParamValue::Float(i as f64),
            (ParamValue::Float(f), ParamStyle::Int) if f.fract() == 0.0 && f.abs() < 1e15 => {
                ParamValue::Int(f as i64)
            }
            (v, _) => v,
        };
        let ok = match (&value, style) {
            (ParamValue::Float(f), ParamStyle::Float) => {
                finite(*f)?;
                true
            }
            (ParamValue::Int(i), ParamStyle::Int) => {
                if i.unsigned_abs() > 1 << 24 {
                    return Err(ValueError::IntTooLarge(i.to_string()));
                }
                true
            }
            (ParamValue::Bool(_), ParamStyle::Toggle) => true,
            (ParamValue::Text(t), ParamStyle::Menu) => {
                if !options.contains(t) {
                    return Err(ValueError::NotAnOption {
                        value: echo(t),
                        options: options.join(", "),
                    });
                }
                true
            }
            (ParamValue::Text(t), ParamStyle::String) => {
                // The text goes into the shader as it is: a NUL or another
                // control character would end or garble it there.
                if let Some(c) = t
                    .chars()
                    .find(|c| c.is_control() && !matches!(c, '\t' | '\n'))
                {
                    return Err(ValueError::ControlCharacter(c as u32));
                }
                true
            }
            (ParamValue::Text(t), s) if s.kind().file.is_some() => {
                check_file_path(t, s.kind().file.map_or("file", |f| f.what))?;
                true
            }
            (ParamValue::Points(_), ParamStyle::Points) => true,
            (ParamValue::Vector(v), s) if v.len() == s.components() && s.components() > 1 => {
                for f in v {
                    finite(*f)?;
                }
                true
            }
            _ => false,
        };
        if ok {
            Ok(value)
        } else {
            Err(ValueError::WrongKind {
                style,
                value: echo(&format!("{value:?}")),
            })
        }
    }

    /// Writes the value back as YAML flow text, stable and round-trippable.
    pub fn to_yaml_text(&self) -> String {
        match self {
            ParamValue::Float(f) => float_text(*f),
            ParamValue::Int(i) => i.to_string(),
            ParamValue::Bool(b) => b.to_string(),
            ParamValue::Vector(v) => {
                format!(
                    "[{}]",
                    v.iter()
                        .map(|f| float_text(*f))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
            ParamValue::Text(s) => yaml_string(s),
            ParamValue::Points(list) => list.to_yaml_text(),
        }
    }

    /// The float components this value puts into the uniform buffer.
    pub fn components(&self) -> Vec<f32> {
        match self {
            ParamValue::Float(f) => vec![*f as f32],
            ParamValue::Int(i) => vec![*i as f32],
            ParamValue::Bool(b) => vec![if *b { 1.0 } else { 0.0 }],
            ParamValue::Vector(v) => v.iter().map(|f| *f as f32).collect(),
            ParamValue::Text(_) | ParamValue::Points(_) => vec![],
        }
    }

    /// The value as a macro-table or `lipschitz:` expression sees it. An
    /// inline point list reads as its number of points.
    pub fn expr_value(&self) -> crate::expr::Value {
        use crate::expr::Value;
        match self {
            ParamValue::Float(f) => Value::Float(*f),
            ParamValue::Int(i) => Value::Int(*i),
            ParamValue::Bool(b) => Value::Bool(*b),
            ParamValue::Vector(v) => Value::List(v.iter().map(|f| Value::Float(*f)).collect()),
            ParamValue::Text(s) => Value::Str(s.clone()),
            ParamValue::Points(l) => Value::Int(l.points.len() as i64),
        }
    }

    pub fn as_text(&self) -> Option<&str> {
        match self {
            ParamValue::Text(s) => Some(s),
            _ => None,
        }
    }
}

/// The rotation a `rotation` parameter stands for: about x, then y, then z,
/// by angles in degrees (R = Rz · Ry · Rx, right-handed), as three columns.
/// Computed here once per edit, so shaders read a matrix instead of
/// evaluating trigonometry at every step of every ray.
pub fn rotation_matrix(degrees: [f64; 3]) -> [[f64; 3]; 3] {
    let [x, y, z] = degrees.map(f64::to_radians);
    let (sx, cx) = x.sin_cos();
    let (sy, cy) = y.sin_cos();
    let (sz, cz) = z.sin_cos();
    // Columns of Rz * Ry * Rx.
    [
        [cz * cy, sz * cy, -sy],
        [cz * sy * sx - sz * cx, sz * sy * sx + cz * cx, cy * sx],
        [cz * sy * cx + sz * sx, sz * sy * cx - cz * sx, cy * cx],
    ]
}

/// A float as GLSL and YAML both read it back exactly: always with a point or exponent.
pub fn float_text(f: f64) -> String {
    if !f.is_finite() {
        return "0.0".into();
    }
    let s = format!("{f:?}");
    if s.contains(['.', 'e', 'E']) {
        s
    } else {
        format!("{s}.0")
    }
}

/// Kept here for the callers that quote values; it lives with the YAML writer.
pub use crate::yaml::yaml_string;

pub use crate::limits::{cut_message, echo};

/// Reads one YAML value given on a command line (`2.5`, `[0, 1, 0]`, `x`).
pub fn parse_yaml_value(text: &str) -> Result<Yaml, ValueError> {
    if text.len() > limits::CLI_VALUE_BYTES {
        return Err(ValueError::TooLong(limits::CLI_VALUE_BYTES));
    }
    crate::yaml::from_str(text).map_err(|e| ValueError::Yaml(e.message))
}

/// A texture path must stay inside the project: relative, with no `..` that climbs out.
pub fn check_texture_path(p: &str) -> Result<(), ValueError> {
    check_file_path(p, "texture")
}

/// A path to a file the network names (`what`: texture, font, ...) must
/// stay inside the project: relative, with no `..` that climbs out.
pub fn check_file_path(p: &str, what: &'static str) -> Result<(), ValueError> {
    if p.is_empty() {
        return Ok(());
    }
    let path = Path::new(p);
    if path.is_absolute() {
        return Err(ValueError::AbsolutePath(what, p.to_string()));
    }
    let mut depth: i32 = 0;
    for c in path.components() {
        match c {
            Component::ParentDir => depth -= 1,
            Component::Normal(_) => depth += 1,
            Component::CurDir => {}
            _ => depth = -1,
        }
        if depth < 0 {
            return Err(ValueError::LeavesProject(what, p.to_string()));
        }
    }
    Ok(())
}

/// Whether `s` is written as a number but no 64-bit float holds it (`1e309`).
fn overflowing_number(s: &str) -> bool {
    let t = s.trim();
    t.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '+' || c == '.')
        && t.parse::<f64>().is_ok_and(f64::is_infinite)
}

/// A YAML number as it was written (as far as serde keeps it).
fn number_text(yaml: &Yaml) -> String {
    match yaml {
        Yaml::Number(n) => n.to_string(),
        other => describe(other),
    }
}

fn describe(yaml: &Yaml) -> String {
    match yaml {
        Yaml::Null => "nothing".into(),
        Yaml::Bool(b) => format!("'{b}'"),
        Yaml::Number(n) => format!("the number {}", echo(&n.to_string())),
        Yaml::String(s) => format!("the text '{}'", echo(s)),
        Yaml::Sequence(s) => format!("a list of {} items", s.len()),
        Yaml::Mapping(_) => "a mapping".into(),
        Yaml::Tagged(_) => "a tagged value".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn y(text: &str) -> Yaml {
        serde_yaml_ng::from_str(text).unwrap()
    }

    #[test]
    fn styles_accept_their_values_and_reject_others() {
        assert_eq!(
            ParamValue::from_yaml(&y("1"), ParamStyle::Float, &[]),
            Ok(ParamValue::Float(1.0))
        );
        assert_eq!(
            ParamValue::from_yaml(&y("3"), ParamStyle::Int, &[]),
            Ok(ParamValue::Int(3))
        );
        assert!(ParamValue::from_yaml(&y("2.5"), ParamStyle::Int, &[]).is_err());
        assert!(ParamValue::from_yaml(&y("abc"), ParamStyle::Float, &[]).is_err());
        assert_eq!(
            ParamValue::from_yaml(&y("[1, 2, 3]"), ParamStyle::Xyz, &[]),
            Ok(ParamValue::Vector(vec![1.0, 2.0, 3.0]))
        );
        assert!(ParamValue::from_yaml(&y("[1, 2]"), ParamStyle::Xyz, &[]).is_err());
        let opts = vec!["x".to_string(), "y".to_string()];
        assert_eq!(
            ParamValue::from_yaml(&y("y"), ParamStyle::Menu, &opts),
            Ok(ParamValue::Text("y".into()))
        );
        assert!(ParamValue::from_yaml(&y("z"), ParamStyle::Menu, &opts).is_err());
        assert_eq!(
            ParamValue::from_yaml(&y("true"), ParamStyle::Toggle, &[]),
            Ok(ParamValue::Bool(true))
        );
    }

    #[test]
    fn rotation_matrices_turn_about_x_then_y_then_z() {
        // Each axis alone, as a quarter turn of a known vector.
        let apply = |m: [[f64; 3]; 3], v: [f64; 3]| -> [f64; 3] {
            [0, 1, 2].map(|r| (0..3).map(|c| m[c][r] * v[c]).sum())
        };
        let close = |a: [f64; 3], b: [f64; 3]| a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-12);
        assert!(close(
            apply(rotation_matrix([0.0, 0.0, 90.0]), [1.0, 0.0, 0.0]),
            [0.0, 1.0, 0.0]
        ));
        assert!(close(
            apply(rotation_matrix([0.0, 90.0, 0.0]), [0.0, 0.0, 1.0]),
            [1.0, 0.0, 0.0]
        ));
        assert!(close(
            apply(rotation_matrix([90.0, 0.0, 0.0]), [0.0, 1.0, 0.0]),
            [0.0, 0.0, 1.0]
        ));
        // Combined: x first, then y, then z, each applied to the result of the last.
        let (x, y, z) = (30.0, -50.0, 120.0);
        let v = [0.3, -1.2, 2.5];
        let step = apply(
            rotation_matrix([0.0, 0.0, z]),
            apply(
                rotation_matrix([0.0, y, 0.0]),
                apply(rotation_matrix([x, 0.0, 0.0]), v),
            ),
        );
        assert!(close(apply(rotation_matrix([x, y, z]), v), step));
    }

    #[test]
    fn yaml_text_round_trips() {
        for (v, style) in [
            (ParamValue::Float(0.1), ParamStyle::Float),
            (ParamValue::Float(2.0), ParamStyle::Float),
            (ParamValue::Vector(vec![1.0, -0.25, 1e-7]), ParamStyle::Xyz),
            (
                ParamValue::Text("assets/a b.png".into()),
                ParamStyle::String,
            ),
            (ParamValue::Text("true".into()), ParamStyle::String),
        ] {
            let text = v.to_yaml_text();
            assert_eq!(
                ParamValue::from_yaml(&y(&text), style, &[]).unwrap(),
                v,
                "{text}"
            );
        }
    }
}
