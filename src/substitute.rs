//! The text substitutions applied to every code block and macro cell of a
//! node (see the ROP code guide):
//! - anywhere, even inside longer symbols: `THIS_` → `<name>_`, `thismap` →
//!   `<name>`, `THISMAT` → `<name>_MAT`, `inputOpN` → the GLSL name on input N;
//! - whole words only: `CoordT`, `ContextT`, `ReturnT` → `<name>_CoordT`, ...
//!
//! One left-to-right pass does all of them, so a replacement never feeds
//! another and the cost is linear in the text.

/// What the placeholders of one node stand for.
pub struct Names<'a> {
    pub name: &'a str,
    /// GLSL name on each input slot (0-based); `None` leaves `inputOpN` as written.
    pub inputs: &'a [Option<&'a str>],
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Applies every substitution to `text`.
pub fn substitute(text: &str, names: &Names) -> String {
    substitute_mapped(text, names, false).0
}

/// Like [`substitute`], and when `track` is set, also returns for each output
/// byte the input byte it came from (used to point errors at the ROP's own column).
pub fn substitute_mapped(text: &str, names: &Names, track: bool) -> (String, Vec<usize>) {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut map = Vec::new();
    let mut i = 0;
    let mut plain_from = 0;
    let flush = |out: &mut String, map: &mut Vec<usize>, from: usize, to: usize| {
        out.push_str(&text[from..to]);
        if track {
            map.extend(from..to);
        }
    };
    while i < bytes.len() {
        let rest = &bytes[i..];
        let prev_ident = i > 0 && is_ident(bytes[i - 1]);
        let mut replacement: Option<(usize, String)> = None;
        match rest[0] {
            b'T' if rest.starts_with(b"THIS_") => {
                replacement = Some((5, format!("{}_", names.name)))
            }
            b'T' if rest.starts_with(b"THISMAT") => {
                replacement = Some((7, format!("{}_MAT", names.name)))
            }
            b't' if rest.starts_with(b"thismap") => replacement = Some((7, names.name.to_string())),
            b'i' if rest.starts_with(b"inputOp") => {
                let digits = rest[7..].iter().take_while(|b| b.is_ascii_digit()).count();
                if digits > 0 {
                    let n: usize = text[i + 7..i + 7 + digits].parse().unwrap_or(0);
                    if let Some(Some(src)) = n.checked_sub(1).and_then(|k| names.inputs.get(k)) {
                        replacement = Some((7 + digits, src.to_string()));
                    }
                }
            }
            b'C' | b'R' if !prev_ident => {
                for word in ["CoordT", "ContextT", "ReturnT"] {
                    if rest.starts_with(word.as_bytes())
                        && !rest.get(word.len()).copied().is_some_and(is_ident)
                    {
                        replacement = Some((word.len(), format!("{}_{word}", names.name)));
                        break;
                    }
                }
            }
            _ => {}
        }
        match replacement {
            Some((len, with)) => {
                flush(&mut out, &mut map, plain_from, i);
                out.push_str(&with);
                if track {
                    map.extend(std::iter::repeat_n(i, with.len()));
                }
                i += len;
                plain_from = i;
            }
            None => {
                // Step over a whole UTF-8 character.
                i += 1;
                while i < bytes.len() && (bytes[i] & 0xC0) == 0x80 {
                    i += 1;
                }
            }
        }
    }
    flush(&mut out, &mut map, plain_from, bytes.len());
    (out, map)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sub(text: &str) -> String {
        substitute(
            text,
            &Names {
                name: "scene_box1",
                inputs: &[Some("scene_sphere1"), None, Some("a_b")],
            },
        )
    }

    #[test]
    fn this_prefix_is_replaced_everywhere_even_inside_symbols() {
        assert_eq!(sub("THIS_Radius"), "scene_box1_Radius");
        assert_eq!(sub("xTHIS_y"), "xscene_box1_y");
        assert_eq!(sub("float THIS_f(){}"), "float scene_box1_f(){}");
    }

    #[test]
    fn thismap_and_thismat() {
        assert_eq!(sub("Sdf thismap(vec3 p)"), "Sdf scene_box1(vec3 p)");
        assert_eq!(
            sub("assignMaterial(r, THISMAT);"),
            "assignMaterial(r, scene_box1_MAT);"
        );
        assert_eq!(sub("THIS_thismap"), "scene_box1_scene_box1");
    }

    #[test]
    fn inputs_are_replaced_and_unconnected_ones_left_alone() {
        assert_eq!(sub("inputOp1(p, ctx)"), "scene_sphere1(p, ctx)");
        assert_eq!(
            sub("#ifdef inputOp1_COORD_TYPE_vec2"),
            "#ifdef scene_sphere1_COORD_TYPE_vec2"
        );
        assert_eq!(sub("inputOp2(p)"), "inputOp2(p)");
        assert_eq!(sub("inputOp3 inputOp4"), "a_b inputOp4");
        // inputOp12 is input twelve, not input one followed by "2".
        assert_eq!(sub("inputOp12"), "inputOp12");
    }

    #[test]
    fn type_aliases_only_as_whole_words() {
        assert_eq!(sub("CoordT p"), "scene_box1_CoordT p");
        assert_eq!(
            sub("ReturnT f(ContextT c)"),
            "scene_box1_ReturnT f(scene_box1_ContextT c)"
        );
        assert_eq!(sub("MyCoordT"), "MyCoordT");
        assert_eq!(sub("CoordTx"), "CoordTx");
        assert_eq!(sub("_CoordT"), "_CoordT");
        assert_eq!(sub("(CoordT)"), "(scene_box1_CoordT)");
    }

    #[test]
    fn column_map_points_back_into_the_original() {
        let names = Names {
            name: "abc",
            inputs: &[],
        };
        let (out, map) = substitute_mapped("x THIS_r + é y", &names, true);
        assert_eq!(out, "x abc_r + é y");
        assert_eq!(map.len(), out.len());
        let y_out = out.find('y').unwrap();
        assert_eq!(map[y_out], "x THIS_r + é y".find('y').unwrap());
    }
}
