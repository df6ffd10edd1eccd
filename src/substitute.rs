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

/// What a placeholder in ROP code stands for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Placeholder {
    /// `THIS_`
    This,
    /// `THISMAT`
    ThisMat,
    /// `thismap`
    Thismap,
    /// `inputOpN` (1-based; left as written when input N is unconnected)
    Input(usize),
    /// `CoordT`, `ContextT` or `ReturnT` as a whole word
    Alias(&'static str),
}

/// The placeholder starting at byte `i` of `bytes`, with its length.
pub fn placeholder_at(bytes: &[u8], i: usize) -> Option<(usize, Placeholder)> {
    let rest = &bytes[i..];
    let prev_ident = i > 0 && is_ident(bytes[i - 1]);
    match *rest.first()? {
        b'T' if rest.starts_with(b"THIS_") => Some((5, Placeholder::This)),
        b'T' if rest.starts_with(b"THISMAT") => Some((7, Placeholder::ThisMat)),
        b't' if rest.starts_with(b"thismap") => Some((7, Placeholder::Thismap)),
        b'i' if rest.starts_with(b"inputOp") => {
            let digits = rest[7..].iter().take_while(|b| b.is_ascii_digit()).count();
            let n = std::str::from_utf8(&rest[7..7 + digits])
                .ok()?
                .parse()
                .ok()?;
            Some((7 + digits, Placeholder::Input(n)))
        }
        b'C' | b'R' if !prev_ident => ["CoordT", "ContextT", "ReturnT"]
            .into_iter()
            .find(|w| {
                rest.starts_with(w.as_bytes()) && !rest.get(w.len()).copied().is_some_and(is_ident)
            })
            .map(|w| (w.len(), Placeholder::Alias(w))),
        _ => None,
    }
}

/// Maps a 1-based byte column of a generated line back to the line as the
/// ROP wrote it. Each placeholder became an identifier fragment, so the
/// text between placeholders is found again in order; a column inside a
/// replacement points at its placeholder. Leading white space may differ
/// (a custom node's code is indented inside the network file) and is
/// skipped on both sides.
pub fn original_column(original: &str, generated: &str, col: usize) -> usize {
    let (o, g) = (original.as_bytes(), generated.as_bytes());
    let lead = |b: &[u8]| b.iter().take_while(|c| c.is_ascii_whitespace()).count();
    let (mut oi, mut gi) = (lead(o), lead(g));
    let at = col.saturating_sub(1);
    if at < gi {
        return (oi + 1).saturating_sub(gi - at).max(1);
    }
    while oi < o.len() && gi < g.len() {
        if let Some((len, _)) = placeholder_at(o, oi) {
            // The replacement is the generated identifier run less the
            // identifier characters that follow the placeholder as written.
            let after = o[oi + len..].iter().take_while(|&&c| is_ident(c)).count();
            let run = g[gi..].iter().take_while(|&&c| is_ident(c)).count();
            let Some(replaced) = run.checked_sub(after) else {
                return oi + 1;
            };
            if at < gi + replaced {
                return oi + 1;
            }
            oi += len;
            gi += replaced;
        } else if o[oi] == g[gi] {
            if at == gi {
                return oi + 1;
            }
            oi += 1;
            gi += 1;
        } else {
            // Not what the substitution makes: the nearest known place.
            return oi + 1;
        }
    }
    oi + 1 + at.saturating_sub(gi)
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
        let replacement = placeholder_at(bytes, i).and_then(|(len, kind)| {
            let with = match kind {
                Placeholder::This => format!("{}_", names.name),
                Placeholder::ThisMat => format!("{}_MAT", names.name),
                Placeholder::Thismap => names.name.to_string(),
                Placeholder::Input(n) => {
                    let src = n.checked_sub(1).and_then(|k| names.inputs.get(k))?;
                    (*src)?.to_string()
                }
                Placeholder::Alias(word) => format!("{}_{word}", names.name),
            };
            Some((len, with))
        });
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

    #[test]
    fn columns_map_back_between_and_inside_substitutions() {
        let orig = "  float r = THIS_Radius + THIS_Bogus;";
        let generated = "  float r = scene_blob1_Radius + scene_blob1_Bogus;";
        let col = |word: &str| generated.find(word).unwrap() + 1;
        let want = |word: &str| orig.find(word).unwrap() + 1;
        // The name after the second substitution, and inside it.
        assert_eq!(
            original_column(orig, generated, col("scene_blob1_Bogus")),
            want("THIS_Bogus")
        );
        assert_eq!(
            original_column(orig, generated, col("Bogus")),
            want("Bogus")
        );
        assert_eq!(
            original_column(orig, generated, col("blob1_Radius")),
            want("THIS_Radius")
        );
        assert_eq!(original_column(orig, generated, col(";")), want(";"));
        // Code indented inside a network file: the block's indent is skipped.
        let yaml = "          float r = THIS_Radius + THIS_Bogus;";
        assert_eq!(
            original_column(yaml, generated, col("scene_blob1_Bogus")),
            yaml.find("THIS_Bogus").unwrap() + 1
        );
        // Unconnected inputs stay as written; aliases and thismap work alike.
        let orig = "ReturnT thismap(CoordT p) { return inputOp2(p) + inputOp1(p) + bad; }";
        let generated = "n_ReturnT n(n_CoordT p) { return inputOp2(p) + m_q(p) + bad; }";
        let g = generated.find("bad").unwrap() + 1;
        assert_eq!(
            original_column(orig, generated, g),
            orig.find("bad").unwrap() + 1
        );
        let g = generated.find("m_q").unwrap() + 2;
        assert_eq!(
            original_column(orig, generated, g),
            orig.find("inputOp1").unwrap() + 1
        );
    }
}
