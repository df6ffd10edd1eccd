//! Reading the YAML of ropkit's own files (networks and `rop.yaml`), which
//! come from strangers. Before the YAML parser sees the text, one linear
//! pass over it refuses what would make the parser slow or the result huge:
//!
//! - nesting deeper than [`limits::YAML_DEPTH`]: libyaml's scanner is
//!   quadratic in the depth of flow brackets (100,000 `[` take half a minute);
//! - aliases (`*name`): an alias bomb expands a few lines into gigabytes.
//!   ropkit never writes aliases, so they are refused outright, at their line.
//!
//! The pass is a small YAML tokenizer: it knows quoted strings, comments,
//! plain scalars (where `[`, `*` or `#` are only text), block scalars
//! (`|`, `>`), flow collections and indentation, enough to count nesting and
//! to find aliases without being fooled by text that merely contains them.
//! Parser errors are then reworded where serde's text would confuse (numbers
//! too large for any type) and cut to a readable length.

use crate::limits;
use serde::de::DeserializeOwned;

/// A problem in YAML text, located (1-based line and column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YamlError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

/// Parses ropkit YAML into `T` after [`check`]ing it.
pub fn from_str<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    check(text)?;
    serde_yaml_ng::from_str(text).map_err(|e| serde_error(&e))
}

/// Writes a YAML mapping in block style, each entry indented by `indent`
/// spaces, for files people read and diff: short values in flow style on
/// their key's line, multi-line text as a literal block (`key: |`) whose
/// lines read as the text does, lists of short items one item a line.
pub fn write_block(value: &serde_yaml_ng::Value, indent: usize, out: &mut String) {
    use serde_yaml_ng::Value as Yaml;
    let pad = " ".repeat(indent);
    let Yaml::Mapping(map) = value else {
        out.push_str(&format!("{pad}{}\n", flow(value)));
        return;
    };
    for (k, v) in map {
        let key = flow(k);
        match v {
            Yaml::String(text) if text.contains('\n') && literal_ok(text) => {
                let chomp = if !text.ends_with('\n') {
                    "-"
                } else if text.ends_with("\n\n") {
                    "+"
                } else {
                    ""
                };
                out.push_str(&format!("{pad}{key}: |{chomp}\n"));
                let body = text.strip_suffix('\n').unwrap_or(text);
                for line in body.split('\n') {
                    if line.is_empty() {
                        out.push('\n');
                    } else {
                        out.push_str(&format!("{pad}  {line}\n"));
                    }
                }
            }
            Yaml::Sequence(items)
                if !items.is_empty()
                    && (flow(v).len() > 80 || items.iter().any(Yaml::is_mapping)) =>
            {
                out.push_str(&format!("{pad}{key}:\n"));
                for item in items {
                    out.push_str(&format!("{pad}  - {}\n", flow(item)));
                }
            }
            Yaml::Mapping(m) if !m.is_empty() && flow(v).len() > 80 => {
                out.push_str(&format!("{pad}{key}:\n"));
                write_block(v, indent + 2, out);
            }
            _ => out.push_str(&format!("{pad}{key}: {}\n", flow(v))),
        }
    }
}

/// Whether text can be written as a literal block and read back the same:
/// no control characters but tabs and newlines, no carriage returns, and a
/// first line that starts with neither a space nor a tab (the first line
/// sets the block's indentation).
fn literal_ok(text: &str) -> bool {
    !text.starts_with([' ', '\t', '\n'])
        && !text
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t')
        && !text.contains('\u{feff}')
        && !text.contains('\u{85}')
        && !text.contains('\u{2028}')
        && !text.contains('\u{2029}')
}

/// A string in YAML's double quotes, with YAML's own escapes (Rust's
/// `{:?}` writes `\u{7}`, which YAML does not read).
pub fn double_quoted(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() || matches!(c, '\u{feff}' | '\u{2028}' | '\u{2029}') => {
                out.push_str(&format!("\\u{:04x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
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
        double_quoted(s)
    }
}

/// A YAML value on one line, in flow style.
pub fn flow(value: &serde_yaml_ng::Value) -> String {
    use serde_yaml_ng::Value as Yaml;
    match value {
        Yaml::Null => "null".into(),
        Yaml::Bool(b) => b.to_string(),
        Yaml::Number(n) => n.to_string(),
        Yaml::String(s) => yaml_string(s),
        Yaml::Sequence(items) => {
            let parts: Vec<String> = items.iter().map(flow).collect();
            format!("[{}]", parts.join(", "))
        }
        Yaml::Mapping(map) if map.is_empty() => "{}".into(),
        Yaml::Mapping(map) => {
            let parts: Vec<String> = map
                .iter()
                .map(|(k, v)| format!("{}: {}", flow(k), flow(v)))
                .collect();
            format!("{{ {} }}", parts.join(", "))
        }
        Yaml::Tagged(t) => flow(&t.value),
    }
}

/// A serde_yaml error as a located, readable message. serde repeats the
/// position at the end of its text; it is dropped there.
pub fn serde_error(e: &serde_yaml_ng::Error) -> YamlError {
    let (line, col) = e
        .location()
        .map(|l| (l.line(), l.column()))
        .unwrap_or((1, 1));
    let text = e.to_string();
    let text = text.split(" at line ").next().unwrap_or(&text);
    let text = not_a_mapping(text).unwrap_or_else(|| reword(text));
    YamlError {
        line,
        col,
        message: crate::limits::cut_message(&text),
    }
}

/// A value where a mapping belongs (a whole file that is one line of text,
/// such as a network linked to a system file) is named by its kind only:
/// a file that is not what it claims to be is never quoted.
fn not_a_mapping(message: &str) -> Option<String> {
    let rest = message.strip_prefix("invalid type: ")?;
    let (found, expected) = rest.rsplit_once(", expected ")?;
    if !expected.starts_with("struct ") && !expected.starts_with("a map") {
        return None;
    }
    let kind = match found.split([' ', '`', '"']).next().unwrap_or_default() {
        "string" => "text",
        "sequence" => "a list",
        "integer" | "floating" => "a number",
        "boolean" => "true or false",
        "unit" => "nothing",
        _ => "not a mapping",
    };
    Some(format!(
        "found {kind} where a mapping of `key: value` lines belongs (is this the right file?)"
    ))
}

/// serde's message for an integer no Rust type holds names `u128`, which
/// says nothing to someone who wrote `Radius: 123456789012345678901234567890`.
fn reword(message: &str) -> String {
    // serde quotes the offending text whole: a 10 MB key would be echoed whole.
    let message: String = message
        .split('"')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                crate::limits::echo(part)
            } else {
                part.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\"");
    let message = message.as_str();
    for marker in ["invalid type: integer `", "invalid value: integer `"] {
        let Some(start) = message.find(marker) else {
            continue;
        };
        let digits = &message[start + marker.len()..];
        let Some(end) = digits.find('`') else {
            continue;
        };
        let prefix = &message[..start];
        return format!(
            "{prefix}the number {} is too large (parameters are 32-bit floats, at most about 3.4e38; integers at most 16777216)",
            crate::limits::echo(&digits[..end])
        );
    }
    message.to_string()
}

/// Whether a byte may follow `&` or `*` in an anchor or alias name.
fn is_anchor_char(b: u8) -> bool {
    !(b.is_ascii_whitespace() || b",[]{}".contains(&b))
}

struct Scanner<'a> {
    text: &'a str,
    line_no: usize,
    line: &'a [u8],
    /// Open flow collections (`[`, `{`).
    flow: usize,
    /// Inside a quoted scalar that may go on over lines: its quote.
    quote: Option<u8>,
    /// Inside a plain scalar of a flow collection (it may go on over lines).
    flow_plain: bool,
    /// Indentations of the block nodes open above this line.
    indents: Vec<usize>,
    /// Lines indented deeper than this belong to the scalar above (a block
    /// scalar, or a plain scalar going on over lines): skipped whole.
    skip_deeper: Option<usize>,
    /// Nesting added on this line by `- ` and `? ` before its content.
    compact: usize,
}

/// Checks YAML text for nesting deeper than [`limits::YAML_DEPTH`] and for
/// aliases, in one pass linear in its length.
pub fn check(text: &str) -> Result<(), YamlError> {
    check_depth(text, limits::YAML_DEPTH)
}

/// [`check`] with another depth limit.
pub fn check_depth(text: &str, max_depth: usize) -> Result<(), YamlError> {
    let mut s = Scanner {
        text,
        line_no: 0,
        line: &[],
        flow: 0,
        quote: None,
        flow_plain: false,
        indents: Vec::new(),
        skip_deeper: None,
        compact: 0,
    };
    for (i, line) in text.split('\n').enumerate() {
        s.line_no = i + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        s.line = line.as_bytes();
        s.scan_line(max_depth)?;
    }
    Ok(())
}

impl Scanner<'_> {
    fn fail(&self, at: usize, message: String) -> YamlError {
        let line_text = self.text.split('\n').nth(self.line_no - 1).unwrap_or("");
        let col = line_text.get(..at).map(|t| t.chars().count()).unwrap_or(at) + 1;
        YamlError {
            line: self.line_no,
            col,
            message,
        }
    }

    fn depth(&self) -> usize {
        self.indents.len() + self.compact + self.flow
    }

    fn check_depth(&self, at: usize, max: usize) -> Result<(), YamlError> {
        if self.depth() > max {
            return Err(self.fail(
                at,
                format!(
                    "nested deeper than {max} levels (the limit for ropkit files; nesting this deep is never needed)"
                ),
            ));
        }
        Ok(())
    }

    fn scan_line(&mut self, max: usize) -> Result<(), YamlError> {
        let line = self.line;
        let indent = line
            .iter()
            .take_while(|b| **b == b' ' || **b == b'\t')
            .count();
        let blank = indent == line.len();
        if let Some(limit) = self.skip_deeper {
            if blank || indent > limit {
                return Ok(());
            }
            self.skip_deeper = None;
        }
        let mut i = 0;
        if self.quote.is_none() && self.flow == 0 {
            // A new line of block context: indentation opens and closes nodes.
            if blank || line[indent] == b'#' {
                return Ok(());
            }
            while self.indents.last().is_some_and(|&top| top >= indent) {
                self.indents.pop();
            }
            self.indents.push(indent);
            i = indent;
            // `- - - x` and `? ` nest on one line: each marker past the
            // first opens one more collection.
            let mut markers = 0usize;
            while i < line.len()
                && (line[i] == b'-' || line[i] == b'?')
                && line.get(i + 1).is_none_or(|b| *b == b' ' || *b == b'\t')
            {
                markers += 1;
                self.compact = markers.saturating_sub(1);
                self.check_depth(i, max)?;
                i += 1;
                while i < line.len() && (line[i] == b' ' || line[i] == b'\t') {
                    i += 1;
                }
            }
            self.compact = markers.saturating_sub(1);
            self.check_depth(i, max)?;
        }
        self.scan_tokens(i, indent, max)
    }

    /// Scans the tokens of the current line from `i`. `node_col` starts as
    /// the line's indentation and becomes the column of a mapping key once
    /// one is read: a scalar that goes on over the next lines (a block
    /// scalar, a plain one) owns the lines indented deeper than its node.
    fn scan_tokens(
        &mut self,
        mut i: usize,
        mut node_col: usize,
        max: usize,
    ) -> Result<(), YamlError> {
        let line = self.line;
        let space_before = |i: usize| i == 0 || line[i - 1] == b' ' || line[i - 1] == b'\t';
        // Where the last scalar on this line began (a key, when `:` follows).
        let mut token_start = node_col;
        if self.flow_plain {
            i = self.skip_plain(i);
        }
        while i < line.len() {
            if let Some(q) = self.quote {
                i = self.skip_quoted(i, q);
                continue;
            }
            let c = line[i];
            match c {
                b' ' | b'\t' => i += 1,
                b'#' if space_before(i) => return Ok(()),
                b'[' | b'{' => {
                    self.flow += 1;
                    self.check_depth(i, max)?;
                    i += 1;
                }
                b']' | b'}' => {
                    self.flow = self.flow.saturating_sub(1);
                    i += 1;
                }
                b',' if self.flow > 0 => i += 1,
                b'"' | b'\'' => {
                    self.quote = Some(c);
                    token_start = i;
                    i += 1;
                }
                b'*' => {
                    let name: String = line[i + 1..]
                        .iter()
                        .take_while(|b| is_anchor_char(**b))
                        .map(|b| *b as char)
                        .collect();
                    return Err(self.fail(
                        i,
                        format!(
                            "YAML aliases (*{}) are not supported in ropkit files: write the value out",
                            crate::limits::echo(&name)
                        ),
                    ));
                }
                b'&' | b'!' => {
                    // An anchor or a tag: a name, then the node it belongs to.
                    i += 1;
                    while i < line.len() && is_anchor_char(line[i]) {
                        i += 1;
                    }
                }
                b'|' | b'>' if self.flow == 0 => {
                    // A block scalar: the more-indented lines below are its text.
                    self.skip_deeper = Some(node_col);
                    return Ok(());
                }
                b':' | b'-' | b'?'
                    if line
                        .get(i + 1)
                        .is_none_or(|b| b.is_ascii_whitespace() || b",[]{}".contains(b)) =>
                {
                    if c == b':' && self.flow == 0 {
                        node_col = token_start;
                    }
                    i += 1;
                }
                _ => {
                    token_start = i;
                    i = self.skip_plain(i);
                    if i >= line.len() && self.flow == 0 {
                        // A plain scalar may go on over more-indented lines.
                        self.skip_deeper = Some(node_col);
                    }
                }
            }
        }
        Ok(())
    }

    /// Skips a plain scalar from `i`: up to `: `, ` #`, or in a flow
    /// collection `,[]{}`. Returns where it ends.
    fn skip_plain(&mut self, mut i: usize) -> usize {
        let line = self.line;
        self.flow_plain = false;
        while i < line.len() {
            let c = line[i];
            let next = line.get(i + 1).copied();
            if c == b':'
                && next.is_none_or(|b| {
                    b.is_ascii_whitespace() || (self.flow > 0 && b",[]{}".contains(&b))
                })
            {
                return i;
            }
            if c == b'#' && i > 0 && (line[i - 1] == b' ' || line[i - 1] == b'\t') {
                return i;
            }
            if self.flow > 0 && b",[]{}".contains(&c) {
                return i;
            }
            i += 1;
        }
        self.flow_plain = self.flow > 0;
        i
    }

    /// Skips the inside of a quoted scalar from `i` up to and past its closing
    /// quote, or to the end of the line (it goes on on the next one).
    fn skip_quoted(&mut self, mut i: usize, q: u8) -> usize {
        let line = self.line;
        while i < line.len() {
            let c = line[i];
            if q == b'"' && c == b'\\' {
                i += 2;
                continue;
            }
            if c == q {
                if q == b'\'' && line.get(i + 1) == Some(&b'\'') {
                    i += 2;
                    continue;
                }
                self.quote = None;
                return i + 1;
            }
            i += 1;
        }
        line.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn depth_error(text: &str, max: usize) -> Option<(usize, usize)> {
        check_depth(text, max).err().map(|e| (e.line, e.col))
    }

    #[test]
    fn counts_flow_block_and_compact_nesting() {
        assert_eq!(depth_error("a: [[[1]]]\n", 4), None);
        assert_eq!(depth_error("a: [[[1]]]\n", 3), Some((1, 6)));
        assert_eq!(depth_error("a:\n  b:\n    c: 1\n", 3), None);
        assert_eq!(depth_error("a:\n  b:\n    c: 1\n", 2), Some((3, 5)));
        assert_eq!(depth_error("- - - x\n", 3), None);
        assert_eq!(depth_error("- - - x\n", 2), Some((1, 5)));
        // A flow collection over several lines.
        assert_eq!(depth_error("a: [\n  [\n    [1]]]\n", 3), Some((3, 5)));
    }

    #[test]
    fn text_that_only_looks_like_nesting_or_aliases_passes() {
        for text in [
            "a: 'it''s [[[[ *x'\n",
            "a: \"[[[[ \\\" *x\"\n",
            "a: see a[0] and b*c\n",
            "a: 2 * 3 # [[[[ *comment\n",
            "a: |\n  [[[[[\n  *x\n  - - - - -\nb: 1\n",
            "a: >-\n    {{{{\nb: 1\n",
            "description: a plain text that\n  *goes on* here [[[[\n  and here\nb: 1\n",
            "m: [null, THIS_X, param('A') * 2]\n",
            "m: [a, \"b, *c\", 'd]']\n",
            "k: &anchor [1, 2]\n",
            "k: !tag 3\n",
            "- name: a\n  text: b\n  more: [1]\n",
            "url: http://a.b/c#frag\n",
        ] {
            assert_eq!(check_depth(text, 3), Ok(()), "{text}");
        }
    }

    #[test]
    fn aliases_are_refused_at_their_place() {
        let e = check("a: &x [1, 2]\nb: *x\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 4));
        assert!(e.message.contains("*x"), "{}", e.message);
        let e = check("a: &x 1\nb: [1, *x]\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 8));
        let e = check("a: &x {b: 1}\nc:\n  <<: *x\n").unwrap_err();
        assert_eq!(e.line, 3);
        // The second key of a mapping in a list is read, not taken for the
        // rest of the first key's text.
        let e = check("- a: x\n  b: *y\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 6));
    }

    #[test]
    fn a_deep_file_is_refused_quickly() {
        let text = format!("a: {}{}\n", "[".repeat(200_000), "]".repeat(200_000));
        let t = std::time::Instant::now();
        let e = check(&text).unwrap_err();
        assert!(t.elapsed().as_secs_f64() < 1.0);
        assert_eq!((e.line, e.col), (1, 3 + limits::YAML_DEPTH));
    }

    #[test]
    fn numbers_too_large_for_any_type_read_plainly() {
        let e =
            from_str::<serde_yaml_ng::Value>("a: 123456789012345678901234567890\n").unwrap_err();
        assert!(
            e.message
                .contains("the number 123456789012345678901234567890 is too large"),
            "{}",
            e.message
        );
        assert!(!e.message.contains("u128"), "{}", e.message);
    }
}
