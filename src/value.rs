//! Parameter values as they appear in ROP defaults and network files.

use crate::types::ParamStyle;
use serde_yaml_ng::Value as Yaml;

/// One parameter value, already checked against its style.
#[derive(Debug, Clone, PartialEq)]
pub enum ParamValue {
    Float(f64),
    Int(i64),
    Bool(bool),
    Vector(Vec<f64>),
    Text(String),
}

impl ParamValue {
    /// The zero value of a style, used when a definition gives no default.
    pub fn zero(style: ParamStyle, options: &[String]) -> ParamValue {
        match style {
            ParamStyle::Float => ParamValue::Float(0.0),
            ParamStyle::Int => ParamValue::Int(0),
            ParamStyle::Toggle => ParamValue::Bool(false),
            ParamStyle::Menu => ParamValue::Text(options.first().cloned().unwrap_or_default()),
            ParamStyle::String | ParamStyle::Texture => ParamValue::Text(String::new()),
            s => ParamValue::Vector(vec![0.0; s.components()]),
        }
    }

    /// Reads a YAML value for a parameter of the given style.
    pub fn from_yaml(
        yaml: &Yaml,
        style: ParamStyle,
        options: &[String],
    ) -> Result<ParamValue, String> {
        let number =
            |v: &Yaml| -> Option<f64> { v.as_f64().or_else(|| v.as_i64().map(|i| i as f64)) };
        match style {
            ParamStyle::Float => number(yaml)
                .map(ParamValue::Float)
                .ok_or_else(|| format!("expected a number, found {}", describe(yaml))),
            ParamStyle::Int => match (yaml.as_i64(), yaml.as_f64()) {
                (Some(i), _) => Ok(ParamValue::Int(i)),
                (None, Some(f)) if f.fract() == 0.0 && f.abs() < 1e15 => {
                    Ok(ParamValue::Int(f as i64))
                }
                _ => Err(format!("expected an integer, found {}", describe(yaml))),
            },
            ParamStyle::Toggle => match (yaml.as_bool(), yaml.as_i64()) {
                (Some(b), _) => Ok(ParamValue::Bool(b)),
                (None, Some(i @ (0 | 1))) => Ok(ParamValue::Bool(i == 1)),
                _ => Err(format!("expected true or false, found {}", describe(yaml))),
            },
            ParamStyle::Menu => {
                let text = match yaml {
                    Yaml::String(s) => s.clone(),
                    Yaml::Number(n) if n.as_u64().is_some_and(|i| (i as usize) < options.len()) => {
                        options[n.as_u64().unwrap_or(0) as usize].clone()
                    }
                    _ => {
                        return Err(format!(
                            "expected one of {}, found {}",
                            options.join(", "),
                            describe(yaml)
                        ));
                    }
                };
                if options.contains(&text) {
                    Ok(ParamValue::Text(text))
                } else {
                    Err(format!(
                        "'{text}' is not one of the options: {}",
                        options.join(", ")
                    ))
                }
            }
            ParamStyle::String | ParamStyle::Texture => match yaml {
                Yaml::String(s) => Ok(ParamValue::Text(s.clone())),
                Yaml::Null => Ok(ParamValue::Text(String::new())),
                _ => Err(format!("expected a string, found {}", describe(yaml))),
            },
            multi => {
                let n = multi.components();
                let items = yaml.as_sequence().ok_or_else(|| {
                    format!("expected a list of {n} numbers, found {}", describe(yaml))
                })?;
                if items.len() != n {
                    return Err(format!(
                        "expected a list of {n} numbers, found {} items",
                        items.len()
                    ));
                }
                items
                    .iter()
                    .map(|v| {
                        number(v).ok_or_else(|| {
                            format!("expected a number in the list, found {}", describe(v))
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()
                    .map(ParamValue::Vector)
            }
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
        }
    }

    /// The float components this value puts into the uniform buffer.
    pub fn components(&self) -> Vec<f32> {
        match self {
            ParamValue::Float(f) => vec![*f as f32],
            ParamValue::Int(i) => vec![*i as f32],
            ParamValue::Bool(b) => vec![if *b { 1.0 } else { 0.0 }],
            ParamValue::Vector(v) => v.iter().map(|f| *f as f32).collect(),
            ParamValue::Text(_) => vec![],
        }
    }

    pub fn as_text(&self) -> Option<&str> {
        match self {
            ParamValue::Text(s) => Some(s),
            _ => None,
        }
    }
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

/// Quotes a string for YAML flow context only when it needs it.
pub fn yaml_string(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "_/.-".contains(c))
        && !s.starts_with(['-', '.'])
        && !matches!(
            s,
            "true"
                | "false"
                | "null"
                | "yes"
                | "no"
                | "on"
                | "off"
                | "True"
                | "False"
                | "Null"
                | "~"
        )
        && s.parse::<f64>().is_err();
    if plain {
        s.to_string()
    } else {
        format!("{:?}", s)
    }
}

fn describe(yaml: &Yaml) -> String {
    match yaml {
        Yaml::Null => "nothing".into(),
        Yaml::Bool(b) => format!("'{b}'"),
        Yaml::Number(n) => format!("the number {n}"),
        Yaml::String(s) => format!("the text '{s}'"),
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
